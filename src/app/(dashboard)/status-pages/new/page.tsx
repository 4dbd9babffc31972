import { newStatusPageFirst } from "../../../../components/first-screen";
import { StatusPageEditor } from "../../../../components/status-pages/status-page-editor";
import { Prefetch } from "../../../../trpc/server";

export default function NewStatusPagePage() {
  return (
    <Prefetch first={newStatusPageFirst}>
      <StatusPageEditor />
    </Prefetch>
  );
}
