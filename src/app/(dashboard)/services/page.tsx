import { serviceListFirst } from "../../../components/first-screen";
import { ServiceList } from "../../../components/services/service-list";
import { Prefetch } from "../../../trpc/server";

export default function ServicesPage() {
  return (
    <Prefetch first={serviceListFirst}>
      <ServiceList />
    </Prefetch>
  );
}
