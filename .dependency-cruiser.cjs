// The rooms of src/ and which may use which: docs/architecture.md ("Rooms") shows the same table,
// and tests/unit/layers.test.ts checks that it does, that src/ keeps the rules, and that an upward
// import breaks them. A room may import its own floor and the floors below it, never one above,
// and no import may close a circle.
/** Floors from the top down: [name, what lives there, path patterns]. */
const FLOORS = [
  [
    "pages",
    "Next routes, the dashboard's components, the tRPC client and server helpers",
    ["^src/app/", "^src/components/", "^src/trpc/", "^src/proxy\\.ts$", "^src/instrumentation-client\\.ts$"],
  ],
  [
    "faces",
    "REST, tRPC routers, status page fronts, start-up, the probe process, the Kubernetes agent",
    ["^src/server/api/", "^src/server/status-pages/", "^src/server/startup\\.ts$", "^src/probe/", "^src/k8s-agent/"],
  ],
  ["services", "one room per domain, the only entry for routers", ["^src/server/services/"]],
  [
    "capabilities",
    "ping, sweep, checks, notify, auth, limits",
    ["^src/server/(ping|sweep|checks|notify|auth|limits)/"],
  ],
  [
    "storage",
    "statements and connections per engine, one door (storage/engine.ts)",
    ["^src/server/storage/", "^src/server/(db|transactions|migrate)\\.ts$"],
  ],
  [
    "platform",
    "configuration, logs and metrics, the outbound guard",
    ["^src/env\\.ts$", "^src/server/(observability|outbound)/", "^src/server/security-headers\\.ts$"],
  ],
  ["domain", "pure rules, `now` passed in", ["^src/server/domain/"]],
  [
    "shared",
    "schemas, errors and rules the browser shares, the typed API client",
    ["^src/shared/", "^src/types/", "^src/client/"],
  ],
];

const any = (patterns) => `(${patterns.join("|")})`;

/** The storage floor's paths: the only modules that may know an engine (docs/architecture.md, "Rooms"). */
const STORAGE = any(FLOORS.find(([name]) => name === "storage")[2]);

/** An engine's drivers (resolved in node_modules, or named as they are imported). */
const ENGINE_DRIVERS = "(^|node_modules/)(@types/)?(pg|pg-[a-z-]+|better-sqlite3|@prisma/adapter-[a-z0-9-]+)(/|$)";

const upward = FLOORS.slice(1).map(([name, , paths], i) => ({
  name: `no-upward-from-${name}`,
  comment: `${name} may import only its own floor and those below it`,
  severity: "error",
  from: { path: any(paths) },
  to: { path: any(FLOORS.slice(0, i + 1).flatMap(([, , p]) => p)) },
}));

/**
 * Libraries only some work needs (a browser or gRPC check, a security key's step, a TOTP enrolment's QR
 * code): tens of MB of heap, and the garbage collector's time over it, in every process that loads
 * them. They load with their first use (a dynamic import), and the check modules that hold them
 * statically (checks/browser.ts, checks/grpc.ts) likewise, but in the probe that runs them.
 */
const ON_USE_LIBRARIES =
  "(^|node_modules/)(playwright-core|@grpc/grpc-js|grpc-health-check|@simplewebauthn/server|qrcode)(/|$)";
const ON_USE_CHECKS = "^src/server/checks/(browser|grpc)\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no import circle in src/",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    ...upward,
    {
      name: "routers-call-services",
      comment: "tRPC routers reach storage only through services",
      severity: "error",
      from: { path: "^src/server/api/routers/" },
      to: { path: "^src/server/(storage/|db\\.ts$|transactions\\.ts$)" },
    },
    {
      name: "components-stay-in-the-browser",
      comment: "dashboard components import no server module",
      severity: "error",
      from: { path: "^src/components/" },
      to: { path: "^src/server/" },
    },
    {
      name: "storage-decides-nothing",
      comment:
        "storage executes the plans and rules it is given (ping/planner.ts, sweep/rules.ts, checks/rules.ts): from domain it imports types only",
      severity: "error",
      from: { path: "^src/server/storage/" },
      to: { path: "^src/server/domain/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "engines-stay-in-storage",
      comment:
        "only the storage floor imports an engine's driver (pg, better-sqlite3, Prisma's adapters): the rooms above ask storage, never an engine",
      severity: "error",
      from: { path: "^src/", pathNot: STORAGE },
      to: { path: ENGINE_DRIVERS },
    },
    {
      name: "libraries-load-on-use",
      comment:
        "playwright-core, @grpc/grpc-js, @simplewebauthn/server and qrcode load with their first use (a dynamic import), so a process that never uses them (the web app) never holds them",
      severity: "error",
      from: { path: "^src/", pathNot: `(${ON_USE_CHECKS}|^src/probe/)` },
      to: { path: `(${ON_USE_LIBRARIES}|${ON_USE_CHECKS})`, dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "one-door-into-storage",
      comment: "only storage/engine.ts opens connections and builds the stores of a process",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/server/storage/" },
      to: { path: "^src/server/storage/(sqlite|postgres)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
// The floors, for the test that holds docs/architecture.md's table against them (not a cruiser option).
Object.defineProperty(module.exports, "FLOORS", { value: FLOORS, enumerable: false });
