"use client";

import { useSyncExternalStore, type ButtonHTMLAttributes } from "react";

const subscribe = () => () => {};

/**
 * A form's submit button, disabled until React has hydrated the page: before that a click would
 * submit the form natively (a page load that loses what was typed). False in the server's HTML and
 * during hydration, then true.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <button {...props} type="submit" disabled={Boolean(disabled) || !hydrated} />;
}
