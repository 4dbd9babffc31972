import {
  confirmAddress,
  type ConfirmationOutcome,
} from "../../../server/services/integrations/integration-confirmation";
import { ensureStarted } from "../../../server/startup";

export const dynamic = "force-dynamic";

const PAGES: Record<ConfirmationOutcome, { status: number; title: string; text: string }> = {
  confirmed: {
    status: 200,
    title: "Address confirmed",
    text: "Thank you. Lifeline now sends the monitoring notifications meant for this address.",
  },
  expired: {
    status: 410,
    title: "This link has expired",
    text: "Confirmation links work for 7 days. Ask whoever set up the notifications to save the address again: a new link will be mailed.",
  },
  unknown: {
    status: 404,
    title: "This link is not valid",
    text: "It may have been used already, or replaced by a newer link. Nothing was changed.",
  },
};

/**
 * The link of an email integration's confirmation mail: confirms the address and answers a small
 * page. Public (the recipient need not have an account); the token is the credential.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  await ensureStarted();
  const { token } = await params;
  const page = PAGES[await confirmAddress(token)];
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${page.title} · Lifeline</title></head><body><main><h1>${page.title}</h1><p>${page.text}</p></main></body></html>`;
  return new Response(html, {
    status: page.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
