"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { integration } from "../../shared/schemas/integrations";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { targetText } from "./config-values";
import { DeliveryLog } from "./delivery-log";
import { outcomeText } from "./delivery-outcome";
import { IntegrationForm, type IntegrationValues } from "./integration-form";
import { kindOf } from "../../shared/notification-kinds";
import { EVENT_LABEL } from "./event-labels";

export type Integration = z.infer<typeof integration>;

/** One integration: kind, target, events and default in words; send a test, edit, delete (with confirmation); its delivery log. */
export function IntegrationItem({
  item,
  onSave,
  onDelete,
}: {
  item: Integration;
  onSave: (v: IntegrationValues) => Promise<unknown>;
  onDelete: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  // A test is a delivery (the log) and may set or clear `failing` (the list).
  const test = useMutation({
    mutationFn: () => client.integrations.test.mutate({ id: item.id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() }),
  });
  // Saving the same, still unconfirmed address mails a new confirmation link (at most one per 10 minutes).
  const resend = useMutation({
    mutationFn: () => client.integrations.update.mutate({ id: item.id, email: item.email ?? undefined }),
  });
  const outcome = test.data?.data;

  if (editing) {
    return (
      <li className="integration-item" data-testid="integration-row">
        <IntegrationForm
          initial={item}
          submitLabel="Save integration"
          onCancel={() => setEditing(false)}
          onSubmit={async (v) => {
            await onSave(v);
            setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="integration-item" data-testid="integration-row">
      <div className="integration-main">
        <strong className="monitor-name">{item.name}</strong>
        <span className="badge state-new">{kindOf(item.kind).label}</span>
        {item.is_default && <span className="badge state-up">Default</span>}
        {!item.confirmed && (
          <span
            className="badge state-late"
            title="Nothing but the confirmation mail is sent until the recipient follows its link"
          >
            Awaiting confirmation
          </span>
        )}
      </div>
      {item.failing && (
        <p className="error small-text" role="status">
          Failing since {item.failing.since}: {item.failing.reason}. Retries stop until a delivery or test succeeds.
        </p>
      )}
      <code className="integration-target">{targetText(item.kind, item)}</code>
      <div className="row tight wrap">
        <button
          type="button"
          className="secondary small"
          disabled={test.isPending}
          aria-label={`Send test to ${item.name}`}
          onClick={() => test.mutate()}
        >
          {test.isPending ? "Sending…" : "Send test"}
        </button>
        {!item.confirmed && (
          <button
            type="button"
            className="secondary small"
            disabled={resend.isPending}
            aria-label={`Send the confirmation mail to ${item.email} again`}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? "Sending…" : resend.isSuccess ? "Confirmation mail sent" : "Resend confirmation"}
          </button>
        )}
        <button
          type="button"
          className="secondary small"
          aria-label={`Edit ${item.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <ConfirmButton
          label={`Delete ${item.name}`}
          text="Delete"
          small
          title={`Delete integration ${item.name}?`}
          confirmLabel="Delete integration"
          danger
          onConfirm={onDelete}
        >
          <p>
            It stops receiving notifications and monitors that chose it no longer list it. Its delivery history is
            removed.
          </p>
        </ConfirmButton>
      </div>
      <p
        role="status"
        className={`small-text test-outcome ${outcome ? (outcome.status === "success" ? "ok-text" : "error") : ""}`}
        data-testid="test-outcome"
      >
        {test.isError
          ? `Not sent: ${errorText(test.error)}`
          : outcome
            ? `Test: ${outcome.status === "success" ? "✓" : "✗"} ${outcomeText(outcome)}${outcome.answer ? `. The receiver answered: ${outcome.answer.slice(0, 200)}` : ""}`
            : ""}
      </p>
      {!item.confirmed && (
        // A re-send is limited (one per 10 minutes, five a day; docs/limits.md): the refusal says when to try again.
        <p role="status" className="small-text error" data-testid="resend-outcome">
          {resend.isError ? `Confirmation mail not sent: ${errorText(resend.error)}` : ""}
        </p>
      )}
      <p className="muted small-text integration-events">
        Receives: {item.events.length ? item.events.map((e) => EVENT_LABEL[e]).join(", ") : "tests only"}
      </p>
      <DeliveryLog id={item.id} name={item.name} />
    </li>
  );
}
