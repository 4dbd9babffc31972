import { statusPageFirst } from "../../../../components/first-screen";
import { StatusPageEditor } from "../../../../components/status-pages/status-page-editor";
import { Prefetch } from "../../../../trpc/server";

export default async function EditStatusPagePage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={statusPageFirst(id)}>
      <StatusPageEditor id={id} />
    </Prefetch>
  );
}
