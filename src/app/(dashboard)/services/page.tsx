import { ServicePage } from "../../../components/services/service-page";

export default function ServicesPage() {
  return <ServicePage />;
}
