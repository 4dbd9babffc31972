import { auditLogFirst } from "../../../components/first-screen";
import { AuditLogPanel } from "../../../components/audit-log";
import { Prefetch } from "../../../trpc/server";

export default function AuditLogPage() {
  return (
    <Prefetch first={auditLogFirst}>
      <AuditLogPanel />
    </Prefetch>
  );
}
