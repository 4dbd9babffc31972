"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { INCIDENT_UPDATE_STATUSES } from "../../shared/vocabulary";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText, fieldErrors } from "../common/errors";
import { SubmitButton } from "../common/submit-button";

const STATUS_WORDS = {
  investigating: "Investigating",
  identified: "Identified",
  monitoring: "Monitoring",
  resolved: "Resolved",
} as const;

/** "Post an update" on an open incident: a status and a message, shown on status pages and their feeds. */
export function PostUpdate({ incidentId }: { incidentId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<(typeof INCIDENT_UPDATE_STATUSES)[number]>("investigating");
  const [message, setMessage] = useState("");
  const [posted, setPosted] = useState(false);
  const post = useMutation({
    mutationFn: () => client.incidentUpdates.create.mutate({ id: incidentId, status, message }),
    onSuccess: async () => {
      setMessage("");
      setOpen(false);
      setPosted(true);
      await queryClient.invalidateQueries({ queryKey: trpc.incidentUpdates.pathKey() });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPosted(false);
    post.mutate();
  };
  const messageError = fieldErrors(post.error).message;

  return (
    <>
      <br />
      <button
        type="button"
        className="secondary small"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((x) => !x)}
      >
        Post an update
      </button>
      {posted && (
        <span role="status" className="small-text">
          {" "}
          Update posted.
        </span>
      )}
      {open && (
        <form
          id={formId}
          className="stack"
          onSubmit={submit}
          aria-label={`Update on incident ${incidentId}`}
          style={{ marginTop: "0.5rem", minWidth: "14rem" }}
        >
          <label>
            Status
            <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
              {INCIDENT_UPDATE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_WORDS[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Message
            <textarea
              rows={3}
              value={message}
              required
              maxLength={5000}
              aria-invalid={messageError ? true : undefined}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          {post.isError && (
            <p className="error small-text" role="alert">
              {messageError ?? errorText(post.error)}
            </p>
          )}
          <div className="row tight">
            <SubmitButton className="small" disabled={post.isPending}>
              {post.isPending ? "Posting…" : "Post update"}
            </SubmitButton>
            <button type="button" className="secondary small" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
}
