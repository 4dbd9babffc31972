import { statusPagesFirst } from "../../../components/first-screen";
import { StatusPageList } from "../../../components/status-pages/status-page-list";
import { Prefetch } from "../../../trpc/server";

export default function StatusPagesPage() {
  return (
    <Prefetch first={statusPagesFirst}>
      <StatusPageList />
    </Prefetch>
  );
}
