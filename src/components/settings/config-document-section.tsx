"use client";

import { useMutation } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { SubmitButton } from "../common/submit-button";

type Outcome = { text: string; errors: string[]; changes: number };

/** The variables a document's `${env:NAME}` references name, in order of first use. */
function variablesIn(document: string): string[] {
  return [...new Set([...document.matchAll(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]!))];
}

/**
 * "Monitoring as code" (docs/config-as-code.md): Export the organization's document, and Import one
 * (preview, then apply), as `lifeline export / plan / apply` do. Credentials are `${env:NAME}`
 * references: their values are asked for here and sent with the preview and the apply only.
 */
export function ConfigDocumentSection() {
  const client = useTRPCClient();
  const [document, setDocument] = useState("");
  const [prune, setPrune] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<(Outcome & { of: string }) | null>(null);
  const names = useMemo(() => variablesIn(document), [document]);
  const variables = Object.fromEntries(names.filter((n) => values[n]).map((n) => [n, values[n]!]));
  const input = { document, prune, variables };
  const key = JSON.stringify(input);

  const exported = useMutation({
    mutationFn: () => client.configDocuments.exportDocument.query({}),
    onSuccess: (r) => {
      if (r.errors.length === 0) setDocument(r.document);
      setPreview(null);
    },
  });
  const plan = useMutation({
    mutationFn: () => client.configDocuments.planDocument.mutate(input),
    onSuccess: (r) => setPreview({ ...r, of: key }),
  });
  const apply = useMutation({ mutationFn: () => client.configDocuments.applyDocument.mutate(input) });
  const previewed = preview !== null && preview.of === key && preview.errors.length === 0 && preview.changes > 0;

  return (
    <section className="card stack" aria-labelledby="config-document-title">
      <h2 id="config-document-title" className="h3">
        Monitoring as code
      </h2>
      <p className="muted">
        The organization as one YAML document: projects, monitors, services, integrations, status pages, badges and
        maintenance windows, by name. Credentials are written as <code>{"${env:NAME}"}</code>, never their values. The
        same document works with <code>lifeline plan</code> and <code>lifeline apply</code>.
      </p>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => exported.mutate()} disabled={exported.isPending}>
          {exported.isPending ? "Exporting…" : "Export"}
        </button>
        {document && (
          <a
            className="button secondary"
            download="lifeline.yaml"
            href={`data:application/yaml;charset=utf-8,${encodeURIComponent(document)}`}
          >
            Download lifeline.yaml
          </a>
        )}
      </div>
      {exported.data && exported.data.errors.length > 0 && (
        <ul className="error" role="alert" aria-label="Export refused">
          {exported.data.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {exported.error && (
        <p className="error" role="alert">
          {errorText(exported.error)}
        </p>
      )}
      <form
        className="stack"
        aria-label="Import a document"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          apply.reset();
          plan.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="config-document">Document (YAML)</label>
          <textarea
            id="config-document"
            rows={14}
            spellCheck={false}
            value={document}
            onChange={(e) => setDocument(e.target.value)}
          />
        </div>
        {names.length > 0 && (
          <fieldset className="stack">
            <legend>Values of the document&apos;s credentials (sent with the preview and the apply only)</legend>
            {names.map((n) => (
              <div className="field" key={n}>
                <label htmlFor={`config-var-${n}`}>{n}</label>
                <input
                  id={`config-var-${n}`}
                  type="password"
                  autoComplete="off"
                  value={values[n] ?? ""}
                  onChange={(e) => setValues({ ...values, [n]: e.target.value })}
                />
              </div>
            ))}
          </fieldset>
        )}
        <label className="check">
          <input type="checkbox" checked={prune} onChange={(e) => setPrune(e.target.checked)} /> Delete what the
          document does not list (prune)
        </label>
        <div className="actions">
          <SubmitButton className="secondary" disabled={!document.trim() || plan.isPending}>
            {plan.isPending ? "Previewing…" : "Preview import"}
          </SubmitButton>
          <button type="button" onClick={() => apply.mutate()} disabled={!previewed || apply.isPending}>
            {apply.isPending ? "Applying…" : "Apply"}
          </button>
        </div>
      </form>
      {plan.error && (
        <p className="error" role="alert">
          {errorText(plan.error)}
        </p>
      )}
      {preview && preview.of === key && !apply.data && (
        <pre
          className={preview.errors.length ? "error" : undefined}
          data-testid="config-preview"
          aria-label="Preview"
          tabIndex={0}
        >
          {preview.text}
        </pre>
      )}
      {apply.data && (
        <div role="status" data-testid="config-applied">
          <pre tabIndex={0}>{apply.data.text}</pre>
          {apply.data.errors.length > 0 && (
            <ul className="error">
              {apply.data.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {apply.error && (
        <p className="error" role="alert">
          {errorText(apply.error)}
        </p>
      )}
    </section>
  );
}
