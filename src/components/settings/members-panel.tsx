"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ROLES } from "../../shared/capabilities";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { TableScroll } from "../common/table-scroll";
import { SubmitButton } from "../common/submit-button";

type Role = (typeof ROLES)[number];

/** Members of one organization with their roles; owners and admins add, change and remove. */
export function MembersPanel({ slug, canManage }: { slug: string; canManage: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.orgs.members.queryOptions({ slug }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orgs.members.queryKey({ slug }) });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const add = useMutation({
    mutationFn: () => client.orgs.addMember.mutate({ slug, email, role }),
    onSuccess: () => {
      setEmail("");
      return refresh();
    },
  });
  const change = useMutation({
    mutationFn: (v: { user_id: number; role: Role }) => client.orgs.changeMember.mutate({ slug, ...v }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (user_id: number) => client.orgs.removeMember.mutate({ slug, user_id }),
    onSettled: refresh,
  });
  const failure = members.error ?? add.error ?? change.error ?? remove.error;

  return (
    <div className="stack">
      <h3 className="h3">Members</h3>
      <TableScroll label="Members table">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {(members.data?.data ?? []).map((m) => (
              <tr key={m.user_id}>
                <td className="member-email">{m.email}</td>
                <td>
                  {canManage ? (
                    <div className="row tight wrap">
                      <select
                        aria-label={`Role of ${m.email}`}
                        value={m.role}
                        onChange={(e) => change.mutate({ user_id: m.user_id, role: e.target.value as Role })}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                      <ConfirmButton
                        label={`Remove ${m.email}`}
                        text="Remove"
                        small
                        title={`Remove ${m.email}?`}
                        confirmLabel="Remove member"
                        danger
                        onConfirm={() => remove.mutate(m.user_id)}
                      >
                        <p>They lose access to this organization at once.</p>
                      </ConfirmButton>
                    </div>
                  ) : (
                    m.role
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {canManage && (
        <form
          className="row wrap"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <label>
            Member email
            <input type="email" value={email} required onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label>
            Role
            <select value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          <SubmitButton className="secondary" disabled={add.isPending}>
            Add member
          </SubmitButton>
        </form>
      )}
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
