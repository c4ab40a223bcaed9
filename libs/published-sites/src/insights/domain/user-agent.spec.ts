import { classifyUserAgent } from './user-agent';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const OPERA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0';
const IE = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

describe('classifyUserAgent: the reference visitor columns', () => {
  it.each([
    [CHROME_MAC, { browser: 'chrome', os: 'macos', device: 'desktop', bot: null }],
    [EDGE_WIN, { browser: 'edge', os: 'windows', device: 'desktop', bot: null }],
    [SAFARI_IPHONE, { browser: 'safari', os: 'ios', device: 'mobile', bot: null }],
    [FIREFOX_LINUX, { browser: 'firefox', os: 'linux', device: 'desktop', bot: null }],
    [ANDROID_TABLET, { browser: 'chrome', os: 'android', device: 'tablet', bot: null }],
    [ANDROID_PHONE, { browser: 'chrome', os: 'android', device: 'mobile', bot: null }],
    [OPERA, { browser: 'opera', os: 'windows', device: 'desktop', bot: null }],
    [IE, { browser: 'ie', os: 'windows', device: 'desktop', bot: null }],
    ['', { browser: 'unknown', os: 'unknown', device: 'unknown', bot: null }],
  ])('%s', (ua, expected) => expect(classifyUserAgent(ua)).toEqual(expected));

  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'googlebot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    ['DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'duckduckbot'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'facebookbot'],
    ['Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17 Safari/605.1.15 (Applebot/0.1)', 'applebot'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'chatgpt'],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'anthropic'],
    ['curl/8.5.0', 'unknown'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36', 'unknown'],
  ])('bot: %s → %s', (ua, bot) => expect(classifyUserAgent(ua).bot).toBe(bot));
});
