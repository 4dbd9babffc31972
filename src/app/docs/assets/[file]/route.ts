import fs from "node:fs/promises";
import path from "node:path";
import { getAbsoluteFSPath } from "swagger-ui-dist";

/** Serves the few Swagger UI files /docs needs, straight from the swagger-ui-dist package. */
const FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: -1 });`;

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }) {
  const { file } = await ctx.params;
  if (file === "init.js") return new Response(INIT, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
  const type = FILES[file];
  if (!type) return new Response("Not found", { status: 404 });
  const body = await fs.readFile(path.join(getAbsoluteFSPath(), file));
  return new Response(body, { headers: { "Content-Type": type, "Cache-Control": "public, max-age=86400" } });
}
