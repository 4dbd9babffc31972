"use client";

import { useState } from "react";

/** Copies `text`; says so in words for a moment (and to screen readers). */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied(null), 2000);
  }
  return (
    <span className="copy">
      <button type="button" className="secondary small" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted small-text">
        {copied === "yes" ? "Copied" : copied === "failed" ? "Select the text and copy it by hand" : ""}
      </span>
    </span>
  );
}
