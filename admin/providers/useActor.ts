import { usePermissions } from 'react-admin';
import type { Actor } from '../../schema/roles';

/** The signed-in admin as the schema's permission rules see them (authProvider.getPermissions). */
export function useActor(): Actor | undefined {
  const { permissions } = usePermissions<Actor | null>();
  return permissions ?? undefined;
}
