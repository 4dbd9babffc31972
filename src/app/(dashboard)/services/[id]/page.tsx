import { ServiceView } from "../../../../components/services/service-view";

export default async function ServicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ServiceView id={Number(id)} />;
}
