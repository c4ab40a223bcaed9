/**
 * Conversations with no documentation problem, written for the evaluation set: billing,
 * account admin, thanks, feature requests unrelated to the docs, sales questions, chit-chat,
 * and product incidents a reviewer would not file against the documentation. Some mention
 * errors or failures on purpose (a card declined, an outage): those are not documentation issues.
 */
export interface OtherCase {
  product: string;
  kind: string;
  text: string;
  more?: string;
}

export const OTHERS: OtherCase[] = [
  { product: 'Ledgerly', kind: 'billing', text: 'Can I switch from monthly to yearly billing mid-cycle? Will I get a prorated credit?' },
  { product: 'Ledgerly', kind: 'billing', text: 'I was charged twice this month, invoices INV-20931 and INV-20932. Please refund one of them.' },
  { product: 'Relay', kind: 'billing', text: 'Our card was declined at renewal because it expired. I have added a new card, can you retry the payment?' },
  {
    product: 'Kitebase',
    kind: 'billing',
    text: 'Do you offer a discount for non-profits? We are a registered charity running a small database for volunteers.',
  },
  {
    product: 'Pixelcart',
    kind: 'billing',
    text: 'Need a VAT invoice with our company name and VAT number on it for the last 6 months, our finance team is asking.',
  },
  { product: 'Harbor', kind: 'billing', text: 'We are going from 40 to 55 seats next month. Is the price per seat the same or is there a tier change?' },
  { product: 'Tern CLI', kind: 'billing', text: 'How do I cancel the Pro plan? We are moving the project to another team that already has an account.' },
  { product: 'Meadow', kind: 'billing', text: 'The invoice for October shows 2.1M events but our dashboard says 1.4M. Can you explain the difference?' },
  { product: 'Relay', kind: 'thanks', text: 'Just wanted to say the new dashboard is great. Finding failed deliveries takes seconds now. Thanks team!' },
  { product: 'Kitebase', kind: 'thanks', text: 'Thanks a lot for the quick help yesterday with the migration, everything went smoothly.' },
  { product: 'Pixelcart', kind: 'thanks', text: 'Got it, that fixed it. Appreciate the fast response!' },
  { product: 'Harbor', kind: 'thanks', text: 'Thank you Maria, the SSO rollout went perfectly, our IT team is very happy.' },
  { product: 'Ledgerly', kind: 'thanks', text: 'You folks are lifesavers, my accountant loved the year-end report.' },
  { product: 'Tern CLI', kind: 'thanks', text: 'tern 2.0 is so much faster, deploys went from 4 minutes to 50 seconds. Great work.' },
  { product: 'Meadow', kind: 'feature', text: 'Feature request: could you add a dark mode to the dashboard? We look at it on a wall screen all day.' },
  { product: 'Relay', kind: 'feature', text: 'Would love to be able to replay a whole day of webhook events from the UI instead of one by one.' },
  { product: 'Kitebase', kind: 'feature', text: 'Any plans to support PostgreSQL 17? We would like to use the new JSON functions.' },
  {
    product: 'Pixelcart',
    kind: 'feature',
    text: 'It would be great if gift cards could be partially redeemed across two orders. Our customers ask for it a lot.',
  },
  { product: 'Harbor', kind: 'feature', text: 'Please add passkey support for end users, our security team is pushing to drop passwords next year.' },
  {
    product: 'Ledgerly',
    kind: 'feature',
    text: 'Could you add a Slack notification when an invoice is paid? We check the app several times a day just for that.',
  },
  { product: 'Tern CLI', kind: 'feature', text: 'Feature idea: a `tern deploy --dry-run` that prints what would change without deploying.' },
  { product: 'Meadow', kind: 'feature', text: 'Is there any chance of a Flutter SDK? Half our apps are Flutter now.' },
  { product: 'Relay', kind: 'account', text: 'Please transfer ownership of the workspace from jon@acme.io to priya@acme.io, Jon has left the company.' },
  { product: 'Kitebase', kind: 'account', text: 'How do I add a second admin to our organization? I do not want to be the only one with access.' },
  { product: 'Harbor', kind: 'account', text: 'Can you delete our old test tenant "acme-staging-old"? We no longer use it.' },
  { product: 'Pixelcart', kind: 'account', text: 'I want to change the email on my store account, the old address is from my previous job.' },
  {
    product: 'Ledgerly',
    kind: 'sales',
    text: 'We are an accounting firm with 30 clients. Is there a partner plan where we manage all clients from one login?',
  },
  { product: 'Meadow', kind: 'sales', text: 'Are you GDPR compliant and can we get a DPA signed? Legal needs it before we can sign the contract.' },
  { product: 'Relay', kind: 'sales', text: 'Do you have a SOC 2 Type II report we could review under NDA?' },
  { product: 'Tern CLI', kind: 'sales', text: 'Do you offer self-hosted runners on the Enterprise plan? We cannot deploy from shared infrastructure.' },
  { product: 'Kitebase', kind: 'chit-chat', text: 'Hey! Will you be at PGConf this year? Would love to say hi to the team.' },
  { product: 'Tern CLI', kind: 'chit-chat', text: 'Loved the talk at DevOpsDays about your deploy pipeline, are the slides online somewhere?' },
  { product: 'Pixelcart', kind: 'chit-chat', text: 'Happy holidays to the whole support team 🎄 you were great to us this year.' },
  { product: 'Meadow', kind: 'chit-chat', text: 'Is the community meetup next Thursday still happening? Couldn’t find the link to register.' },
  {
    product: 'Relay',
    kind: 'incident',
    text: 'Is there an outage? Our webhooks have not been delivered for 20 minutes and the status page is green.',
    more: 'Ok I see the incident on the status page now, thanks.',
  },
  {
    product: 'Kitebase',
    kind: 'incident',
    text: 'Our database in eu-west is unreachable, connections time out since 10:02 UTC. Nothing changed on our side. This is production, please help urgently.',
  },
  { product: 'Pixelcart', kind: 'incident', text: 'The admin is extremely slow today, every page takes 30 seconds to load. Is something going on?' },
  { product: 'Harbor', kind: 'incident', text: 'Login page returns 502 Bad Gateway for all our users right now!!' },
  { product: 'Ledgerly', kind: 'incident', text: 'The mobile app crashes when I open the receipts tab after the update this morning. iPhone 13, iOS 17.4.' },
  {
    product: 'Meadow',
    kind: 'incident',
    text: 'Dashboard shows zero events since midnight but our app is definitely sending them. Status page says degraded ingestion, is it related?',
  },
  {
    product: 'Tern CLI',
    kind: 'bug',
    text: 'tern deploy hangs at "Uploading artifacts" at 99% for about a minute before finishing. Not blocking, just slow, started with 2.3.1.',
  },
  { product: 'Pixelcart', kind: 'bug', text: 'The product image zoom does not work on Safari 17, it just shows a blank square. Works on Chrome.' },
  {
    product: 'Relay',
    kind: 'how-to-answered',
    text: 'How do I rotate the API key without downtime?',
    more: 'Perfect, creating the second key first and then deleting the old one makes sense. Thanks.',
  },
  {
    product: 'Kitebase',
    kind: 'how-to-answered',
    text: 'What is the maximum database size on the Standard plan?',
    more: 'Great, 500 GB is more than enough for us.',
  },
  {
    product: 'Harbor',
    kind: 'how-to-answered',
    text: 'Which IP addresses do your servers use for outgoing webhooks? We need to allowlist them.',
    more: 'Got the list, thank you.',
  },
  { product: 'Ledgerly', kind: 'how-to-answered', text: 'Can two people edit the same invoice at the same time?', more: 'Ok, good to know it locks. Thanks!' },
  { product: 'Meadow', kind: 'how-to-answered', text: 'How long do you keep raw event data?', more: 'Two years is fine. Cheers.' },
  {
    product: 'Pixelcart',
    kind: 'how-to-answered',
    text: 'Can I run two storefronts with different domains from one account?',
    more: 'Excellent, will upgrade to the Plus plan then.',
  },
  { product: 'Tern CLI', kind: 'how-to-answered', text: 'Is there a GitHub Action for tern deploy?', more: 'Found it in the marketplace, works great.' },
  {
    product: 'Relay',
    kind: 'feedback',
    text: 'Not a question, just feedback: the onboarding emails are a bit too frequent for us. Could we get fewer of them?',
  },
  { product: 'Kitebase', kind: 'feedback', text: 'Your pricing change is pretty steep for small teams. We will probably stay but it stings.' },
  { product: 'Harbor', kind: 'feedback', text: 'The new admin UI is nice but I miss the compact user list. Any way to get it back?' },
];
