import { AppError, notFound, validationError } from "../../../shared/errors";
import type {
  CreateStatusPageInput,
  StatusPageChanges,
  StatusPageComponentInput,
  StatusPageView,
} from "../../../shared/schemas/status-pages";
import { isoSeconds } from "../../../shared/time";
import { hashPassword } from "../../auth/passwords";
import { db } from "../../db";
import { env } from "../../../env";
import { statusPageUrl } from "../../notify/links";
import { lockOrganization } from "../../storage/row-lock";
import { isUniqueViolation, writeTransaction } from "../../transactions";
import { invalidateStatusPage } from "./cache";
import { claimFields, verificationView } from "./domains";

/** Who edits: the active organization, and the user (services belong to users; a token sees none). */
export type PageScope = { orgId: number; userId: number | null };

const include = {
  components: {
    orderBy: { position: "asc" as const },
    include: { cronMonitor: { select: { name: true } }, service: { select: { name: true, userId: true } } },
  },
} as const;

type PageRow = NonNullable<Awaited<ReturnType<typeof readPage>>>;

function readPage(scope: PageScope, id: number) {
  return db().statusPage.findFirst({ where: { id, orgId: scope.orgId }, include });
}

export { statusPageUrl };

/** `token`: a custom domain's verification token, in the answer of the write that issued it only. */
function view(scope: PageScope, p: PageRow, token: string | null = null): StatusPageView {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    visibility: p.visibility as StatusPageView["visibility"],
    has_password: p.passwordHash !== null,
    custom_domain: p.customDomain,
    custom_domain_verification: verificationView(p, token),
    show_uptime: p.showUptime,
    components: p.components.map((c) => ({
      type: c.cronMonitorId !== null ? ("cron_monitor" as const) : ("service" as const),
      id: (c.cronMonitorId ?? c.serviceId)!,
      name: c.cronMonitor?.name ?? (c.service && c.service.userId === scope.userId ? c.service.name : null),
      display_name: c.displayName,
      group: c.groupName,
    })),
    url: statusPageUrl(p.slug),
    date_created: isoSeconds(p.createdAt),
    date_modified: isoSeconds(p.updatedAt),
  };
}

export async function listStatusPages(scope: PageScope): Promise<StatusPageView[]> {
  const rows = await db().statusPage.findMany({ where: { orgId: scope.orgId }, include, orderBy: { id: "asc" } });
  return rows.map((r) => view(scope, r));
}

export async function getStatusPage(
  scope: PageScope,
  id: number,
  token: string | null = null,
): Promise<StatusPageView> {
  const row = await readPage(scope, id);
  if (!row) throw notFound("Status page");
  return view(scope, row, token);
}

type Tx = Parameters<Parameters<typeof writeTransaction>[0]>[0];

/**
 * Each component names exactly one object the caller may see: a cron monitor of the organization,
 * or a service of the caller's own (one already on the page stays allowed, whoever added it, while
 * its owner is a member: removing a member takes their services off the pages, member-edges.ts).
 * Unknown and foreign ids read alike (`components[i]`: not found), so nothing is revealed.
 */
async function checkedComponents(
  tx: Tx,
  scope: PageScope,
  list: StatusPageComponentInput[],
  keptServiceIds: Set<number>,
) {
  const monitorIds = list.flatMap((c) => (c.cron_monitor_id !== undefined ? [c.cron_monitor_id] : []));
  const serviceIds = list.flatMap((c) => (c.service_id !== undefined ? [c.service_id] : []));
  // Checked under the organization's lock, which a member's removal takes (members.ts).
  await lockOrganization(tx, scope.orgId);
  const [monitors, services] = await Promise.all([
    tx.cronMonitor.findMany({ where: { id: { in: monitorIds }, orgId: scope.orgId }, select: { id: true } }),
    tx.service.findMany({
      where: {
        id: { in: serviceIds },
        OR: [...(scope.userId !== null ? [{ userId: scope.userId }] : []), { id: { in: [...keptServiceIds] } }],
        user: { memberships: { some: { orgId: scope.orgId } } }, // never a service of someone outside
      },
      select: { id: true },
    }),
  ]);
  const okMonitors = new Set(monitors.map((m) => m.id));
  const okServices = new Set(services.map((s) => s.id));
  const seen = new Set<string>();
  return list.map((c, i) => {
    const field = `components.${i}`;
    if ((c.cron_monitor_id === undefined) === (c.service_id === undefined)) {
      throw validationError(field, "Name exactly one of cron_monitor_id and service_id");
    }
    const key = c.cron_monitor_id !== undefined ? `m${c.cron_monitor_id}` : `s${c.service_id}`;
    if (seen.has(key)) throw validationError(field, "This object is already on the page");
    seen.add(key);
    if (c.cron_monitor_id !== undefined && !okMonitors.has(c.cron_monitor_id))
      throw validationError(field, "Cron monitor not found");
    if (c.service_id !== undefined && !okServices.has(c.service_id)) throw validationError(field, "Service not found");
    return {
      position: i,
      groupName: c.group ?? null,
      displayName: c.display_name ?? null,
      cronMonitorId: c.cron_monitor_id ?? null,
      serviceId: c.service_id ?? null,
    };
  });
}

/** The domain may not be the app's own host (the dashboard lives there). */
function checkDomain(domain: string | null | undefined) {
  if (domain && domain === new URL(env().appUrl).hostname) {
    throw validationError("custom_domain", "This is the app's own host name");
  }
}

/**
 * Only a slug is unique among pages. A custom domain is a claim any number of pages may make: it
 * serves only the page that proves it (domains.ts), so a claim answers the same whether another
 * page claims or serves the domain or none does.
 */
function uniqueRefusal(err: unknown): AppError | null {
  if (!isUniqueViolation(err)) return null;
  return new AppError("CONFLICT", "Another status page uses this slug", { slug: ["already in use"] });
}

function passwordRule(visibility: string, hasPassword: boolean) {
  if (visibility === "password" && !hasPassword) throw validationError("password", "A password page needs a password");
}

export async function createStatusPage(scope: PageScope, input: CreateStatusPageInput): Promise<StatusPageView> {
  const visibility = input.visibility ?? "public";
  passwordRule(visibility, input.password !== undefined);
  checkDomain(input.custom_domain);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
  const claim = claimFields(input.custom_domain ?? null, new Date());
  let id: number;
  try {
    id = await writeTransaction(async (tx) => {
      const components = await checkedComponents(tx, scope, input.components ?? [], new Set());
      const page = await tx.statusPage.create({
        data: {
          orgId: scope.orgId,
          slug: input.slug,
          title: input.title,
          description: input.description ?? "",
          visibility,
          passwordHash,
          ...claim.data,
          showUptime: input.show_uptime ?? true,
          components: { create: components },
        },
        select: { id: true },
      });
      return page.id;
    });
  } catch (err) {
    throw uniqueRefusal(err) ?? err;
  }
  invalidateStatusPage(input.slug); // a "no such page" read just before is not kept
  return getStatusPage(scope, id, claim.token);
}

export async function updateStatusPage(
  scope: PageScope,
  id: number,
  changes: StatusPageChanges,
): Promise<StatusPageView> {
  checkDomain(changes.custom_domain);
  const passwordHash = changes.password !== undefined ? await hashPassword(changes.password) : undefined;
  let oldSlug: string;
  let token: string | null = null;
  try {
    oldSlug = await writeTransaction(async (tx) => {
      const page = await tx.statusPage.findFirst({
        where: { id, orgId: scope.orgId },
        select: {
          slug: true,
          visibility: true,
          passwordHash: true,
          customDomain: true,
          components: { select: { serviceId: true } },
        },
      });
      if (!page) throw notFound("Status page");
      const visibility = changes.visibility ?? page.visibility;
      // A new (or removed) domain starts over: a new token, not verified; the same one keeps its state.
      const claim =
        changes.custom_domain !== undefined && changes.custom_domain !== page.customDomain
          ? claimFields(changes.custom_domain, new Date())
          : null;
      token = claim?.token ?? null;
      passwordRule(visibility, passwordHash !== undefined || page.passwordHash !== null);
      if (changes.components !== undefined) {
        const kept = new Set(page.components.flatMap((c) => (c.serviceId !== null ? [c.serviceId] : [])));
        const components = await checkedComponents(tx, scope, changes.components, kept);
        await tx.statusPageComponent.deleteMany({ where: { pageId: id } });
        await tx.statusPageComponent.createMany({ data: components.map((c) => ({ ...c, pageId: id })) });
      }
      await tx.statusPage.update({
        where: { id },
        data: {
          ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
          ...(changes.title !== undefined ? { title: changes.title } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          visibility,
          // A page that stops asking for a password forgets it: turning it back on needs a new one.
          passwordHash: visibility === "password" ? (passwordHash ?? page.passwordHash) : null,
          ...(claim ? claim.data : {}),
          ...(changes.show_uptime !== undefined ? { showUptime: changes.show_uptime } : {}),
        },
      });
      return page.slug;
    });
  } catch (err) {
    throw uniqueRefusal(err) ?? err;
  }
  invalidateStatusPage(oldSlug);
  if (changes.slug !== undefined) invalidateStatusPage(changes.slug);
  return getStatusPage(scope, id, token);
}

export async function deleteStatusPage(scope: PageScope, id: number): Promise<void> {
  const page = await db().statusPage.findFirst({ where: { id, orgId: scope.orgId }, select: { slug: true } });
  if (!page) throw notFound("Status page");
  await db().statusPage.deleteMany({ where: { id, orgId: scope.orgId } });
  invalidateStatusPage(page.slug);
}
