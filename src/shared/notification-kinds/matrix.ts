import { z } from "zod";
import { htmlLines, plainText } from "../notifications/message";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { httpUrl, join, json, randomKey, text } from "./parts";

/**
 * Matrix client-server API: PUT an m.room.message with an HTML body. The transaction id is derived
 * from the event and the integration, so a retried send is the same transaction (Matrix drops the
 * duplicate).
 */
export const matrix = defineKind({
  kind: "matrix",
  label: "Matrix",
  config: z.strictObject({
    homeserver_url: httpUrl("The homeserver, e.g. https://matrix.org"),
    room_id: z
      .string()
      .check(storable)
      .regex(/^![^:\s]+:\S+$/, "Enter a room id like !abc:example.org")
      .describe("The room id (Room settings → Advanced)"),
    access_token: text("The sending user's access token", 1024),
  }),
  secrets: ["access_token"],
  form: {
    fields: [
      {
        name: "homeserver_url",
        label: "Homeserver URL",
        input: "url",
        required: true,
        placeholder: "https://matrix.org",
        help: "The homeserver of the sending user.",
      },
      {
        name: "room_id",
        label: "Room id",
        input: "text",
        required: true,
        placeholder: "!abc:example.org",
        help: "Room settings → Advanced → Internal room id. Invite the sending user first.",
      },
      {
        name: "access_token",
        label: "Access token",
        input: "text",
        required: true,
        help: "The sending user's access token (in Element: Settings → Help & About → Access token).",
      },
    ],
    docs: {
      href: "https://spec.matrix.org/latest/client-server-api/#using-access-tokens",
      text: "Matrix: access tokens",
    },
    summary: ["homeserver_url", "room_id"],
  },
  via: "http",
  render(m, c, ctx) {
    const txnId = m.eventId !== null ? `lifeline-${m.eventId}-${ctx.integrationId}` : `lifeline-test-${randomKey()}`;
    return json(
      join(
        c.homeserver_url,
        `/_matrix/client/v3/rooms/${encodeURIComponent(c.room_id)}/send/m.room.message/${encodeURIComponent(txnId)}`,
      ),
      {
        msgtype: "m.text",
        body: plainText(m),
        format: "org.matrix.custom.html",
        formatted_body: htmlLines(m).join("<br>"),
      },
      { Authorization: `Bearer ${c.access_token}` },
      "PUT",
    );
  },
});
