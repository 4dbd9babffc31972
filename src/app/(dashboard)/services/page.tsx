import { ServiceList } from "../../../components/services/service-list";

export default function ServicesPage() {
  return <ServiceList />;
}
