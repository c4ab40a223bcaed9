import { Impact } from '../src/domain/conversation.events';

/**
 * Documentation problems readers report, written for the evaluation set: each topic is one
 * cluster a reviewer would expect (its label), each case a report of it with the impact a
 * reviewer would give per the contract (low: minor friction; medium: noticeable friction or
 * partial blocking with a workaround; high: blocking, severe regression, repeated failures or
 * data-loss risk with no workaround). `text` is the reader's first message, `more` an
 * optional follow-up after the team's answer.
 */
export interface IssueCase {
  impact: Impact;
  text: string;
  more?: string;
}
export interface Topic {
  label: string;
  product: string;
  cases: IssueCase[];
}

export const TOPICS: Topic[] = [
  {
    label: 'relay-webhook-signature',
    product: 'Relay',
    cases: [
      {
        impact: 'high',
        text: 'Webhook signature verification fails for every single event. The docs say to HMAC the JSON body with the signing secret but our computed signature never matches the Relay-Signature header.',
        more: 'We tried raw body, parsed body, hex and base64. Nothing matches and we cannot accept any webhook in production right now.',
      },
      {
        impact: 'medium',
        text: 'The webhook security page never says the signature is computed over timestamp + "." + raw body. I only figured that out by reading your Node SDK source.',
        more: 'It works now, but it cost me most of a day.',
      },
      {
        impact: 'low',
        text: 'Small thing: the webhook signature example in the guide names the header X-Relay-Sig, but the requests we receive carry Relay-Signature. Easy to spot, just confusing for a minute.',
      },
    ],
  },
  {
    label: 'relay-rate-limits',
    product: 'Relay',
    cases: [
      {
        impact: 'medium',
        text: 'Your rate limits page says 100 requests per second per key, but we start getting 429s at around 20/s. Is the documented number wrong?',
        more: 'We added client-side throttling at 15/s so we are moving again, but we planned capacity on the documented figure.',
      },
      {
        impact: 'low',
        text: 'Quick q, the rate limit docs mention a Retry-After header but the 429 responses we see use X-RateLimit-Reset instead. Which one should we read?',
      },
      {
        impact: 'high',
        text: 'Since the v3 release all our batch jobs die with 429 Too Many Requests even at 5 requests per second, and the rate limit page still describes the old per-key limits. This is a regression and our nightly sync has failed three nights in a row.',
      },
    ],
  },
  {
    label: 'relay-pagination-cursor',
    product: 'Relay',
    cases: [
      {
        impact: 'medium',
        text: 'The list events endpoint documentation shows pagination with ?page=2 but the API ignores it and always returns the first page. I assume it is cursor based now?',
        more: 'Found the next_cursor field in the response by trial and error. Please update the reference.',
      },
      {
        impact: 'high',
        text: 'Following the pagination section of the API reference we lose records: using starting_after as documented skips every 100th event. We reconcile payments with this, so missing events means missing money in our books.',
      },
      {
        impact: 'low',
        text: 'In the pagination docs the limit parameter is listed as max 1000 but the note underneath says max 500. Minor inconsistency.',
      },
    ],
  },
  {
    label: 'ledgerly-csv-import',
    product: 'Ledgerly',
    cases: [
      {
        impact: 'medium',
        text: 'The help article on importing bank statements does not say what date format the CSV needs. Ledgerly rejected my file twice with "Row 2: invalid date" before I switched to YYYY-MM-DD.',
      },
      {
        impact: 'high',
        text: 'I followed the CSV import guide exactly and the import overwrote all my existing transactions for March instead of adding to them. Nothing in the article warns about that. I have lost weeks of categorisation work.',
      },
      {
        impact: 'low',
        text: 'The CSV import article still shows the old blue Import button, the screenshot is from before the redesign. Took me a second to find it.',
      },
    ],
  },
  {
    label: 'ledgerly-vat-report',
    product: 'Ledgerly',
    cases: [
      {
        impact: 'medium',
        text: "Your guide to VAT returns says reverse-charge invoices are excluded automatically, but they show up in box 1 of my report. My accountant caught it; I'm fixing it by hand for now.",
      },
      {
        impact: 'high',
        text: 'The VAT report instructions are wrong for the new quarterly scheme and I have a filing deadline on Friday. The report total does not match my invoices and I cannot file like this.',
        more: 'Every time I regenerate it I get a different total. Please escalate.',
      },
    ],
  },
  {
    label: 'ledgerly-multi-currency',
    product: 'Ledgerly',
    cases: [
      {
        impact: 'low',
        text: 'Is there any documentation on how exchange rates are picked for multi-currency invoices? I could not find it in the help center. Not urgent, just curious which day rate you use.',
      },
      {
        impact: 'medium',
        text: 'The multi-currency article says we can set our own exchange rate per invoice, but that option is not there on the invoice screen. For now I am adjusting the totals with a manual journal entry.',
      },
    ],
  },
  {
    label: 'kitebase-connection-string',
    product: 'Kitebase',
    cases: [
      {
        impact: 'high',
        text: 'The connection string in the quickstart uses port 5432 but our cluster only listens on 6543 through the pooler. Every connection times out and our app is down until we fix this.',
      },
      {
        impact: 'medium',
        text: "Quickstart connection string is missing sslmode=require. Got 'FATAL: SSL connection is required' and had to search forums to figure out why.",
      },
      {
        impact: 'low',
        text: 'Typo in the connection docs: "postgress://" in the example URL. Copy/paste fails obviously, but it is easy to fix.',
      },
    ],
  },
  {
    label: 'kitebase-backups-restore',
    product: 'Kitebase',
    cases: [
      {
        impact: 'high',
        text: 'We restored a backup following the point-in-time recovery guide and it dropped every table created after the base backup. The guide does not mention that at all. We are missing two days of customer data.',
      },
      {
        impact: 'medium',
        text: 'The restore docs do not say that restoring creates a new cluster with a new hostname. Our services kept pointing to the old one; we updated the DNS and it works, but it was a stressful hour.',
      },
      {
        impact: 'low',
        text: 'The backups page says retention is 7 days on the Starter plan, the pricing page says 14. Which is it?',
      },
    ],
  },
  {
    label: 'kitebase-migrations-cli',
    product: 'Kitebase',
    cases: [
      {
        impact: 'medium',
        text: '`kb migrate up --env prod` is what the migration guide tells you to run, but the CLI says "unknown flag: --env". Looks like it is --target now? That worked.',
      },
      {
        impact: 'high',
        text: 'kb migrate down as written in the docs ran every down migration instead of just the last one and wiped our staging schema. There is no warning in the guide and I almost ran it on prod.',
      },
    ],
  },
  {
    label: 'pixelcart-theme-customization',
    product: 'Pixelcart',
    cases: [
      {
        impact: 'low',
        text: 'The theme editor docs call it "Sections panel" but in the app it is named "Blocks". Took me a minute to realise they are the same thing.',
      },
      {
        impact: 'medium',
        text: 'I followed the custom font tutorial but the font never loads on the storefront. The tutorial skips the step where you add the font to the theme settings, which I found in a community post.',
      },
      {
        impact: 'low',
        text: 'Would be nice if the theme customization guide had an example of changing the header color. I guessed the variable name and got it, but an example would help.',
      },
    ],
  },
  {
    label: 'pixelcart-payment-setup',
    product: 'Pixelcart',
    cases: [
      {
        impact: 'high',
        text: 'We launched today and no customer can pay. The payments setup guide says to paste the publishable key, but checkout needs the secret key in the server settings too and the guide never mentions it. Every checkout fails with "payment provider not configured".',
      },
      {
        impact: 'medium',
        text: 'The guide for enabling Apple Pay says to upload the domain verification file, but does not say where. Support told me over chat, it works now, but the guide should say it.',
      },
    ],
  },
  {
    label: 'pixelcart-shipping-rules',
    product: 'Pixelcart',
    cases: [
      {
        impact: 'medium',
        text: 'According to the shipping rules article, free shipping over $50 should apply after discounts, but it is applied before discounts. Customers get free shipping on $30 orders. I raised the threshold as a workaround.',
      },
      {
        impact: 'low',
        text: "The shipping zones doc doesn't explain what happens when a country is in two zones. I tested it and the first zone wins, would be good to write that down.",
      },
      {
        impact: 'high',
        text: 'Since last week’s update every international order gets a shipping rate of $0, even though our zones are configured exactly as the shipping docs describe. We are losing money on every order and cannot turn international off without losing customers.',
      },
    ],
  },
  {
    label: 'tern-deploy-config',
    product: 'Tern CLI',
    cases: [
      {
        impact: 'high',
        text: 'tern deploy fails with "Error: missing field `region` in tern.toml" but the configuration reference does not list a region field at all. We cannot deploy anything.',
        more: 'Tried every value I could guess: us-east, us-east-1, iad. Still fails every time.',
      },
      {
        impact: 'medium',
        text: 'The tern.toml reference says build.command is optional, but deploys fail without it ("no build command"). Adding it explicitly works.',
      },
      {
        impact: 'low',
        text: 'The config reference has the `[env]` table under "Deploy" while it is really a top-level table. It works either way it seems, just confusing to read.',
      },
    ],
  },
  {
    label: 'tern-secrets-env',
    product: 'Tern CLI',
    cases: [
      {
        impact: 'medium',
        text: 'How do secrets get to the build step? The secrets page only talks about runtime. Our build needs an NPM token. I ended up baking it into a build arg, which I do not love.',
      },
      {
        impact: 'high',
        text: 'The docs say `tern secrets import .env` merges with existing secrets. It does not: it replaced all of them and our production app lost its database password. Site was down for 40 minutes.',
      },
      {
        impact: 'low',
        text: 'The secrets docs use `tern secret set` in one place and `tern secrets set` in another. Both seem to work, but pick one?',
      },
    ],
  },
  {
    label: 'tern-install-windows',
    product: 'Tern CLI',
    cases: [
      {
        impact: 'medium',
        text: 'The install instructions only cover macOS and Linux. On Windows the curl | sh script obviously does not work. I installed through WSL in the end.',
      },
      {
        impact: 'high',
        text: 'Installed with the Windows steps from the getting started page (scoop) and tern crashes immediately with "The system cannot find the path specified". Reinstalled 3 times, same thing. The whole team on Windows is blocked.',
      },
    ],
  },
  {
    label: 'meadow-sdk-ios-setup',
    product: 'Meadow',
    cases: [
      {
        impact: 'medium',
        text: 'The iOS quickstart still tells you to add the SDK with CocoaPods, but version 4 is only published on Swift Package Manager. pod install gives "Unable to find a specification for MeadowSDK". I switched to SPM, but the guide needs an update.',
      },
      {
        impact: 'low',
        text: 'In the iOS setup guide the Swift snippet is missing an import statement at the top. Trivial, but beginners might get stuck.',
      },
      {
        impact: 'high',
        text: 'After following the iOS integration guide our app crashes at launch on iOS 16 devices. The guide says to call Meadow.start() in the SceneDelegate; crash log says it must be the AppDelegate. We had to pull the release from the App Store.',
      },
    ],
  },
  {
    label: 'meadow-event-tracking',
    product: 'Meadow',
    cases: [
      {
        impact: 'medium',
        text: 'The event tracking docs say property names can contain spaces but events with "plan type" never show in the dashboard while "plan_type" does. We renamed ours, but we lost a week of data before noticing.',
      },
      {
        impact: 'low',
        text: 'Where can I find the list of reserved event names? The tracking guide mentions they exist but does not list them.',
      },
      {
        impact: 'high',
        text: 'Events tracked with the batch API as documented are silently dropped. The endpoint returns 200 but nothing arrives, for every batch we send. We have no analytics for our launch campaign.',
      },
    ],
  },
  {
    label: 'meadow-android-proguard',
    product: 'Meadow',
    cases: [
      {
        impact: 'medium',
        text: "Release builds on Android lose all events, debug builds are fine. Turns out R8 strips the SDK classes; the Android guide doesn't mention any ProGuard rules. Added -keep class io.meadow.** and it's fixed.",
      },
      {
        impact: 'high',
        text: 'Our Android release build crashes on startup with ClassNotFoundException: io.meadow.core.Tracker. The Android setup doc has no ProGuard/R8 section at all and nothing we add to the rules file helps.',
      },
    ],
  },
  {
    label: 'harbor-saml-setup',
    product: 'Harbor',
    cases: [
      {
        impact: 'high',
        text: 'SAML login fails for all our employees with "Invalid audience". The Okta setup guide tells you to use the ACS URL as the audience, which looks wrong. Nobody in the company can log in to Harbor since this morning.',
      },
      {
        impact: 'medium',
        text: 'The Azure AD SAML guide is missing the step to map the email claim. Users got "Missing NameID" until I added the claim by hand, following a blog post.',
      },
      {
        impact: 'low',
        text: 'The SAML guide screenshots are from the old Okta admin console. Everything is still findable, but the screenshots could use a refresh.',
      },
    ],
  },
  {
    label: 'harbor-token-refresh',
    product: 'Harbor',
    cases: [
      {
        impact: 'medium',
        text: 'The token docs say refresh tokens are valid for 30 days, but ours expire after 24 hours and users get logged out daily. We now re-authenticate silently as a stopgap.',
      },
      {
        impact: 'high',
        text: 'Since the 2.8 release refresh tokens are rejected with invalid_grant, even ones issued minutes ago. The token refresh section is unchanged so I assume the docs or the server is wrong. Every mobile user is logged out repeatedly.',
      },
      {
        impact: 'low',
        text: 'The token lifetime table in the docs lists access tokens as 3600 in one column and "1h" in another, a bit inconsistent but understandable.',
      },
    ],
  },
  {
    label: 'harbor-mfa-recovery',
    product: 'Harbor',
    cases: [
      {
        impact: 'high',
        text: 'I lost my phone and the MFA recovery article says to use the "Use a recovery code" link on the login page. There is no such link. I am locked out of the admin account of our whole organization.',
      },
      {
        impact: 'low',
        text: 'The MFA docs do not say whether recovery codes can be used more than once. I assume not, but it would be nice to have it written.',
      },
    ],
  },
  {
    label: 'relay-sdk-python-install',
    product: 'Relay',
    cases: [
      {
        impact: 'medium',
        text: 'The Python SDK readme says `pip install relay`, but that is an unrelated package on PyPI. The right one is relay-sdk, which I found in the GitHub repo.',
      },
      {
        impact: 'low',
        text: 'Python SDK docs still mention Python 3.7 support but the package requires 3.9. Not a problem for us, just outdated.',
      },
    ],
  },
  {
    label: 'ledgerly-bank-sync',
    product: 'Ledgerly',
    cases: [
      {
        impact: 'medium',
        text: "My bank feed stopped syncing and the troubleshooting article says to click Reconnect, but there's no reconnect option for my bank, only Remove. I removed and re-added it and it works, but I lost the categorisation rules tied to it.",
      },
      {
        impact: 'high',
        text: 'Bank sync has failed every day for two weeks with "Connection error 503" and the bank connection troubleshooting guide just says to wait 24 hours. We are a team of 12 doing month-end close and cannot reconcile anything.',
      },
    ],
  },
  {
    label: 'kitebase-read-replicas',
    product: 'Kitebase',
    cases: [
      {
        impact: 'low',
        text: 'The read replicas page does not say whether replicas count towards the connection limit. Would be good to know for planning.',
      },
      {
        impact: 'medium',
        text: 'The replica docs claim replication lag is under 1 second, but we regularly see 20-30 s on the Standard plan, so reads after writes return stale rows. We route those reads to the primary for now.',
      },
    ],
  },
  {
    label: 'pixelcart-api-orders',
    product: 'Pixelcart',
    cases: [
      {
        impact: 'medium',
        text: 'The Orders API reference lists financial_status values paid, pending and refunded, but we also get partially_refunded, which broke our importer. Handled it now, but please list all values.',
      },
      {
        impact: 'high',
        text: 'GET /orders as documented returns only the last 60 days of orders, the reference does not mention this limit anywhere. Our accounting export has been missing orders for months and the reports we filed are wrong.',
      },
      {
        impact: 'low',
        text: 'In the Orders API reference the example response has a trailing comma, so it is not valid JSON. Cosmetic.',
      },
    ],
  },
  {
    label: 'tern-logs-streaming',
    product: 'Tern CLI',
    cases: [
      {
        impact: 'low',
        text: 'Is there a way to filter `tern logs` by level? The logs doc does not mention any flags besides --follow.',
      },
      {
        impact: 'medium',
        text: "`tern logs --since 1h` per the docs returns nothing at all; `--since 60m` works. Guess the docs example is wrong or the h unit isn't supported.",
      },
    ],
  },
  {
    label: 'harbor-user-provisioning',
    product: 'Harbor',
    cases: [
      {
        impact: 'medium',
        text: 'The SCIM provisioning guide says deprovisioned users are deleted, but they are only suspended and still count as paid seats. We clean them up by hand every month.',
      },
      {
        impact: 'high',
        text: 'We enabled SCIM following your guide and it deactivated all 340 users that were not in the synced group. The guide does not warn about that anywhere. Nobody could work for half a day.',
      },
    ],
  },
  {
    label: 'meadow-dashboard-retention',
    product: 'Meadow',
    cases: [
      {
        impact: 'low',
        text: 'The retention chart docs do not explain how "returning user" is defined. Is it same device or same user id?',
      },
      {
        impact: 'medium',
        text: 'The docs say the retention report uses the account timezone but it clearly uses UTC; our day-1 retention numbers were off for weeks before we noticed. We export the raw data and compute it ourselves now.',
      },
    ],
  },
];
