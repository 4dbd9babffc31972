"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { PrefetchLink } from "../common/prefetch-link";
import { TableScroll } from "../common/table-scroll";

export const VISIBILITY_WORDS = { public: "Public", password: "Password protected", members: "Members only" } as const;

/** Status pages: title, slug, who may read it and its public URL; edit or delete each. */
export function StatusPageList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.statusPages.list.queryOptions());
  const remove = useMutation({
    mutationFn: (id: number) => client.statusPages.delete.mutate({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.statusPages.pathKey() }),
  });
  const rows = list.data?.data ?? [];
  return (
    <section className="stack-lg">
      <div className="row between wrap">
        <h1>Status pages</h1>
        <PrefetchLink href="/status-pages/new" className="button">
          New status page
        </PrefetchLink>
      </div>
      {(list.error ?? remove.error) && (
        <p className="error" role="alert">
          {errorText(list.error ?? remove.error)}
        </p>
      )}
      {list.isLoading ? (
        <p className="muted" role="status">
          Loading status pages…
        </p>
      ) : rows.length === 0 ? (
        <div className="card empty stack">
          <p>
            No status pages yet. A status page shows the current status and 90 days of history of the cron monitors and
            services you choose, to anyone or only to the people you let in.
          </p>
          <p>
            <PrefetchLink href="/status-pages/new">Create your first status page</PrefetchLink>
          </p>
        </div>
      ) : (
        <div className="card">
          <TableScroll label="Status pages table">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Public URL</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.id} data-testid="status-page-row">
                    <td>
                      <PrefetchLink href={`/status-pages/${p.id}`}>{p.title}</PrefetchLink>
                    </td>
                    <td>
                      <code>{p.slug}</code>
                    </td>
                    <td>{VISIBILITY_WORDS[p.visibility]}</td>
                    <td>
                      <a href={p.url} style={{ overflowWrap: "anywhere" }}>
                        {p.url}
                      </a>
                    </td>
                    <td>
                      <ConfirmButton
                        label={`Delete status page ${p.title}`}
                        text="Delete"
                        small
                        title={`Delete status page ${p.title}?`}
                        confirmLabel="Delete status page"
                        danger
                        onConfirm={() => remove.mutate(p.id)}
                      >
                        <p>
                          Its public URL answers “not found” at once. The monitors and services on it are not changed.
                        </p>
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </section>
  );
}
