import { PrefetchLink } from "./prefetch-link";

/**
 * An object that cannot be shown (unknown, or not the organization's): its page and its edit page say
 * so, with the way back to its list. A module of its own, so a page shows it without loading the
 * object's form.
 */
export function NotAvailable({
  noun,
  message,
  listHref,
}: {
  noun: "Monitor" | "Service";
  message: string;
  listHref: string;
}) {
  return (
    <section className="stack-lg">
      <h1>{noun} not available</h1>
      <p className="error" role="alert">
        {message}
      </p>
      <p>
        <PrefetchLink href={listHref}>Back to {noun.toLowerCase()}s</PrefetchLink>
      </p>
    </section>
  );
}
