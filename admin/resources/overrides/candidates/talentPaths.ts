/**
 * The spec's talent paths (section 2): /talent, /talent/add, /talent/edit/:id and /talent/:id,
 * inside the console (so /admin/talent...), plus /talent/import for bulk imports. react-admin's
 * own candidate paths lead here.
 */
export const TALENT = '/talent';

const idPart = (id: string | number) => encodeURIComponent(String(id));

/** Paths relative to the console's base, as react-admin's redirect functions and routes take them. */
export const talentPaths = {
  list: TALENT,
  add: `${TALENT}/add`,
  import: `${TALENT}/import`,
  edit: (id: string | number) => `${TALENT}/edit/${idPart(id)}`,
  show: (id: string | number) => `${TALENT}/${idPart(id)}`,
};

/** The talent path for a react-admin candidate path ('/candidates/Candidate%3A3/show' → '/talent/Candidate%3A3'). */
export function specPathOf(resourcePath: string): string {
  const [, id, action] = /^\/candidates(?:\/([^/]+))?(?:\/(show))?\/?$/.exec(resourcePath) ?? [];
  if (!id) return talentPaths.list;
  if (id === 'create') return talentPaths.add;
  return action === 'show' ? `${TALENT}/${id}` : `${TALENT}/edit/${id}`;
}
