"use client";

import { errorText } from "../common/errors";
import { useServingProbes } from "./use-service-data";

/** "Probes": the probes that would check this service, each said to serve it or why it cannot. */
export function ServingProbes({ serviceId }: { serviceId: number }) {
  const probes = useServingProbes(serviceId);
  return (
    <section className="card stack" aria-labelledby="serving-probes-title">
      <h2 id="serving-probes-title" className="h3">
        Probes
      </h2>
      {probes.isPending ? (
        <p className="muted">Loading…</p>
      ) : probes.isError ? (
        <p className="error">Probes not loaded: {errorText(probes.error)}</p>
      ) : probes.data.length === 0 ? (
        <p className="muted">No probe is registered to check this service.</p>
      ) : (
        <ul className="stack" aria-label="Probes that would check this service">
          {probes.data.map((p) => (
            <li key={p.id} data-testid="serving-probe" data-can-serve={p.can_serve}>
              <span className={`badge ${p.can_serve ? "state-up" : "state-down"}`}>
                <span aria-hidden="true">{p.can_serve ? "●" : "▲"}</span> {p.can_serve ? "Can serve" : "Cannot serve"}
              </span>{" "}
              {p.name}{" "}
              <span className="muted small-text">
                ({p.kind === "platform" ? "platform" : "private"} #{p.id})
              </span>
              {p.reason && <span>: {p.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
