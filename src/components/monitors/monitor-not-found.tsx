import { PrefetchLink } from "../common/prefetch-link";

/** A monitor that cannot be shown (unknown, or not the organization's): its page and its edit page say so. */
export function NotFound({ message }: { message: string }) {
  return (
    <section className="stack-lg">
      <h1>Monitor not available</h1>
      <p className="error" role="alert">
        {message}
      </p>
      <p>
        <PrefetchLink href="/monitors">Back to monitors</PrefetchLink>
      </p>
    </section>
  );
}
