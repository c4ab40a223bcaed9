/**
 * What the reference's visitor columns (visitorBrowser, visitorDevice, visitorOS, visitorBot)
 * say of a user agent, read once when the event is stored (the user agent itself is kept too).
 * First match wins: order matters (Edge and Opera say "Chrome", Chrome says "Safari", Android
 * says "Linux", iOS says "like Mac OS X").
 */
export type Browser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera' | 'unknown';
export type Device = 'desktop' | 'tablet' | 'mobile' | 'unknown';
export type OperatingSystem = 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'unknown';
/** Null for a visitor that is not a bot. */
export type Bot = 'unknown' | 'googlebot' | 'bingbot' | 'duckduckbot' | 'facebookbot' | 'applebot' | 'chatgpt' | 'anthropic' | null;

const BROWSERS: Array<[RegExp, Browser]> = [
  [/\bEdg(e|A|iOS)?\//, 'edge'],
  [/\bOPR\/|\bOpera\b/, 'opera'],
  [/\bMSIE \d|\bTrident\//, 'ie'],
  [/\bFirefox\/|\bFxiOS\//, 'firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'safari'],
];
const SYSTEMS: Array<[RegExp, OperatingSystem]> = [
  [/\bWindows\b/, 'windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'ios'],
  [/\bAndroid\b/, 'android'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b|\bX11\b|\bCrOS\b/, 'linux'],
];
const BOTS: Array<[RegExp, Exclude<Bot, null>]> = [
  [/googlebot|google-inspectiontool|adsbot-google/i, 'googlebot'],
  [/bingbot|bingpreview/i, 'bingbot'],
  [/duckduckbot|duckassistbot/i, 'duckduckbot'],
  [/facebookexternalhit|facebookbot|meta-externalagent/i, 'facebookbot'],
  [/applebot/i, 'applebot'],
  [/chatgpt|gptbot|oai-searchbot/i, 'chatgpt'],
  [/claudebot|claude-web|claude-user|anthropic/i, 'anthropic'],
  [/bot\b|crawler|spider|crawling|slurp|headless|curl\/|wget\/|python-requests|node-fetch/i, 'unknown'],
];

const first = <T>(ua: string, table: Array<[RegExp, T]>, fallback: T): T => table.find(([re]) => re.test(ua))?.[1] ?? fallback;

export interface VisitorAgent {
  browser: Browser;
  device: Device;
  os: OperatingSystem;
  bot: Bot;
}

export function classifyUserAgent(ua: string): VisitorAgent {
  const os = first(ua, SYSTEMS, 'unknown');
  const tablet = /\biPad\b|\bTablet\b/i.test(ua) || (os === 'android' && !/\bMobile\b/.test(ua));
  const mobile = /\bMobi|\biPhone\b|\biPod\b/.test(ua);
  const device: Device = tablet ? 'tablet' : mobile ? 'mobile' : os === 'windows' || os === 'macos' || os === 'linux' ? 'desktop' : 'unknown';
  return { browser: first(ua, BROWSERS, 'unknown'), device, os, bot: first<Bot>(ua, BOTS, null) };
}
