"use client";

import type { PreviewResult } from "./preview-model";

const localFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

/** The live preview panel: human text, next fire times in the zone and locally, DST flags. */
export function SchedulePreview({ preview }: { preview: PreviewResult }) {
  return (
    <section
      className="preview card"
      aria-label="Schedule preview"
      data-testid="schedule-preview"
      data-ms={preview.ms.toFixed(2)}
    >
      <h2 className="h3">Schedule preview</h2>
      {preview.ok ? (
        <>
          <p data-testid="schedule-text">
            <strong>{preview.text}</strong>
          </p>
          <table className="fires">
            <caption className="muted small-text">Next {preview.fires.length} runs</caption>
            <thead>
              <tr>
                <th scope="col">In {preview.zone}</th>
                <th scope="col">Your local time</th>
              </tr>
            </thead>
            <tbody data-testid="next-fires">
              {preview.fires.map((f) => (
                <tr key={f.iso}>
                  <td>
                    <time dateTime={f.iso}>{f.inZone}</time>
                    {f.dstChange && <span className="badge dst"> DST change {f.dstChange}</span>}
                  </td>
                  <td>{localFormat.format(f.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="muted">Not a valid schedule yet: {preview.message}. Fix it to see the next runs.</p>
      )}
    </section>
  );
}
