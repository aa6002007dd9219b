/**
 * Invitations when no mail server is set up (SMTP_URL unset, the default): the owner copies the invitation link
 * from the users tab, the invitee confirms the address with the sign-up mail's activation link, then finds the
 * invitation on the start page and accepts it there, and an admin reads the kept mail at /admin/outbox.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  ADMIN,
  apiCall,
  createAlbumFromBlueprint,
  launchBrowser,
  newPage,
  logInApi,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe.skipIf(skipBrowserTests)('invitations without a mail server', () => {
  it('lets the owner copy the link, the invitee accept on the start page and an admin read the outbox', async () => {
    const owner = await signUpFresh(stack.baseUrl, 'owner');
    const invitee = await signUpFresh(stack.baseUrl, 'invitee');
    const inviteeEmail = String(invitee.user.email);
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, owner.access_token, { title: 'Team 2028' });

    // The owner invites and copies the link from the users tab.
    const ownerPage = await newPage(browser, stack.baseUrl);
    await ownerPage.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithSession(ownerPage.page, owner);
    await ownerPage.page.goto(`/album/${albumId}/stickers`);
    await ownerPage.page.getByTestId('user-menu').click();
    await ownerPage.page.getByTestId('user-menu-settings').click();
    await ownerPage.page.getByTestId('settings-tab-users').click();
    await ownerPage.page.getByTestId('settings-invite-email').fill(inviteeEmail);
    await ownerPage.page.getByTestId('settings-invite-send').click();
    const row = ownerPage.page.getByTestId('settings-invitation').filter({ hasText: inviteeEmail });
    await row.getByTestId('settings-invitation-copy').click();
    await expect.poll(() => row.getByTestId('settings-invitation-copy').textContent()).toBe('Link copied');
    const copied = await ownerPage.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${stack.baseUrl}/invitations/[A-Za-z0-9_-]+/accept$`));
    await ownerPage.context.close();

    // Until the invitee has proven the address, the start page asks for that instead of showing the invitation.
    const inviteePage = await newPage(browser, stack.baseUrl);
    await signInWithSession(inviteePage.page, invitee);
    await inviteePage.page.goto('/start');
    await inviteePage.page.getByTestId('verify-email').waitFor();
    expect(await inviteePage.page.getByTestId('pending-invitation').count()).toBe(0);
    await expectNoSeriousA11yViolations(inviteePage.page, 'start page asking to confirm the address');

    // The invitee opens the activation link of the sign-up mail (kept in the outbox, read here as an admin).
    const admin = await logInApi(stack.baseUrl, ADMIN);
    let activationLink: string | undefined;
    await expect
      .poll(
        async () => {
          const { mails } = await apiCall<{ mails: Array<{ to: string; text: string }> }>(
            stack.baseUrl,
            '/admin/outbox',
            {
              token: admin.access_token,
            },
          );
          const text = mails.find(
            (mail) => mail.to === inviteeEmail && mail.text.includes('/profile/activate?'),
          )?.text;
          activationLink = text ? /http\S+\/profile\/activate\?token=\S+/.exec(text)?.[0] : undefined;
          return activationLink;
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();
    await inviteePage.page.goto(new URL(activationLink!).pathname + new URL(activationLink!).search);
    await inviteePage.page.getByTestId('activate-success').waitFor();

    // Now the invitee accepts on the start page and lands in the album.
    await inviteePage.page.goto('/start');
    const pending = inviteePage.page.getByTestId('pending-invitation');
    await expect.poll(() => pending.textContent()).toContain('Team 2028');
    await pending.getByTestId('pending-invitation-accept').click();
    await inviteePage.page.waitForURL(new RegExp(`/album/${albumId}(/|$)`));
    await inviteePage.page.goto('/start');
    await inviteePage.page.getByTestId('tab-own-albums').waitFor();
    expect(await inviteePage.page.getByTestId('pending-invitations').count()).toBe(0);
    await inviteePage.context.close();

    // An admin reads the kept mail, with the same link.
    const adminPage = await newPage(browser, stack.baseUrl);
    await signInWithSession(adminPage.page, admin);
    await adminPage.page.goto('/admin/outbox');
    const mail = adminPage.page
      .getByTestId('outbox-mail')
      .filter({ hasText: inviteeEmail })
      .filter({ hasText: '/invitations/' });
    await expect.poll(() => mail.textContent(), { timeout: 30_000 }).toContain(copied);
    await adminPage.context.close();
  }, 120_000);
});
