"use client";

import { useId } from "react";
import { NOTIFICATION_EVENTS, type RoutedEvent } from "../../shared/integration-events";
import { FieldError } from "../monitors/fields";
import { EVENT_LABEL } from "./event-labels";

/** Which events an integration receives (`events`); tests are always sent. */
export function EventsPicker(props: {
  value: readonly RoutedEvent[];
  onChange: (events: RoutedEvent[]) => void;
  error?: string;
}) {
  const id = useId();
  const toggle = (e: RoutedEvent, on: boolean) =>
    props.onChange(NOTIFICATION_EVENTS.filter((x) => (x === e ? on : props.value.includes(x))));
  return (
    <fieldset aria-describedby={`${id}-hint${props.error ? ` ${id}-error` : ""}`}>
      <legend>Events it receives</legend>
      <div className="integration-choices">
        {NOTIFICATION_EVENTS.map((e) => (
          <label key={e} className="check">
            <input type="checkbox" checked={props.value.includes(e)} onChange={(ev) => toggle(e, ev.target.checked)} />
            {EVENT_LABEL[e]}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="muted small-text">
        Tests are always sent. With none chosen it receives only tests.
      </p>
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}
