import crypto from "node:crypto";
import { htmlLines, plainText } from "../message";
import { join, json, type KindSender } from "./types";

/**
 * Matrix client-server API: PUT an m.room.message with an HTML body. The transaction id is derived
 * from the event and the integration, so a retried send is the same transaction (Matrix drops the
 * duplicate).
 */
export const matrix: KindSender<"matrix"> = {
  kind: "matrix",
  render(m, c, ctx) {
    const txnId = m.eventId !== null ? `lifeline-${m.eventId}-${ctx.integrationId}` : `lifeline-test-${crypto.randomUUID()}`;
    return json(
      join(c.homeserver_url, `/_matrix/client/v3/rooms/${encodeURIComponent(c.room_id)}/send/m.room.message/${encodeURIComponent(txnId)}`),
      { msgtype: "m.text", body: plainText(m), format: "org.matrix.custom.html", formatted_body: htmlLines(m).join("<br>") },
      { Authorization: `Bearer ${c.access_token}` },
      "PUT",
    );
  },
};
