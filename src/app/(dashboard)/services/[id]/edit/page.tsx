import { editServiceFirst } from "../../../../../components/first-screen";
import { EditService } from "../../../../../components/services/edit-service";
import { Prefetch } from "../../../../../trpc/server";

export default async function EditServicePage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={editServiceFirst(id)}>
      <EditService id={id} />
    </Prefetch>
  );
}
