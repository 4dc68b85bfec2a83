/** The signed-in person's own account (GET|PUT auth/account). */
import { api } from '../../ui/api/client';

export interface Account {
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  jobTitle: string | null;
  profilePic: string | null;
  /** The country a national phone number is read in (a candidate's location's, a company's only one), else null. */
  phoneCountry?: string | null;
}

export interface AccountUpdate {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  profilePicEdit?: File;
}

export const accountApi = {
  get: () => api<Account>('auth/account'),
  update: (values: AccountUpdate) => {
    const form = new FormData();
    for (const key of ['firstName', 'lastName', 'email', 'phone', 'jobTitle'] as const) form.set(key, values[key]);
    if (values.profilePicEdit) form.set('profilePicEdit', values.profilePicEdit);
    return api<{ success: boolean; message?: string; data?: Account; emailConfirmationSent?: boolean }>(
      'auth/account',
      { method: 'PUT', body: form },
    );
  },
};
