import { overviewFirst } from "../../components/first-screen";
import { OverviewPage } from "../../components/overview/overview-page";
import { Prefetch } from "../../trpc/server";

/** `/`: the signed-in person's overview (the layout sends anyone else to sign in). */
export default function Home() {
  return (
    <Prefetch first={overviewFirst}>
      <OverviewPage />
    </Prefetch>
  );
}
