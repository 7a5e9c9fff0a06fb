/** The wire form of a record's sharing columns (docs/content.md, "Ownership and sharing"). */
export function sharingJson(r: { owner_id: string; shared_with_users: string[]; shared_with_groups: string[] }) {
  return { owner_id: r.owner_id, shared_with: { users: r.shared_with_users, groups: r.shared_with_groups } };
}
