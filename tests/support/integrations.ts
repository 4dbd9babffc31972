import { expect } from "vitest";
import { baseUrl } from "./http";
import { eventually, mailText, type Mail } from "./sweeper";

export const CONFIRM_SUBJECT = "Subject: [Lifeline] Confirm that this address may receive notifications";

/** The confirmation mails the SMTP server received for an address, oldest first. */
export const confirmationMails = (mails: Mail[], address: string) =>
  mails.filter((m) => m.to.includes(address) && mailText(m).includes(CONFIRM_SUBJECT));

/** The link of a confirmation mail. */
export function confirmationLink(mail: Mail): string {
  const link = mailText(mail).match(/(http\S+\/confirm-email\/[A-Za-z0-9_-]+)/)?.[1];
  if (!link) throw new Error("no confirmation link in the mail");
  expect(link.startsWith(`${baseUrl()}/confirm-email/`)).toBe(true);
  return link;
}

/** Waits for the `n`th confirmation mail to the address and follows its link, as its recipient would. */
export async function confirmByMail(mails: Mail[], address: string, n = 1): Promise<void> {
  const mail = await eventually(() => confirmationMails(mails, address)[n - 1]);
  const res = await fetch(confirmationLink(mail));
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("Address confirmed");
}
