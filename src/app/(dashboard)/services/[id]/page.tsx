import { serviceFirst } from "../../../../components/first-screen";
import { ServiceView } from "../../../../components/services/service-view";
import { Prefetch } from "../../../../trpc/server";

export default async function ServicePage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  return (
    <Prefetch first={serviceFirst(id)}>
      <ServiceView id={id} />
    </Prefetch>
  );
}
