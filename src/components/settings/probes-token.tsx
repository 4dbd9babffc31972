"use client";

import { useEffect, useRef } from "react";
import { CopyButton } from "../common/copy-button";

/** A probe token, shown once: copy it now, it is stored only as a digest. Focus moves here. */
export function ProbeTokenNotice({
  probeName,
  token,
  rotated,
  onDone,
}: {
  probeName: string;
  token: string;
  rotated: boolean;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [token]);
  return (
    <div className="card stack" role="status" data-testid="probe-token-notice">
      <h3 className="h3" ref={heading} tabIndex={-1}>
        {rotated ? `New token for ${probeName}` : `Token for ${probeName}`}
      </h3>
      <p>
        <strong>Copy this token now: you will not see it again.</strong> Lifeline keeps only a digest of it.
      </p>
      {rotated && <p>The previous token is already refused: give the probe this one.</p>}
      <code className="ping-url" style={{ flex: "none" }} data-testid="probe-token">
        {token}
      </code>
      <p className="muted small-text">
        The probe sends it in the <code>X-Auth</code> header of each call.
      </p>
      <div className="row wrap">
        <CopyButton text={token} label="Copy token" />
        <button type="button" className="secondary small" onClick={onDone}>
          Done, I copied it
        </button>
      </div>
    </div>
  );
}
