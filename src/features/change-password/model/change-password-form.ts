import { changePasswordBody } from '@contract/account';

/** The form's fields, named as the API names them so its field errors land without renaming. */
export interface ChangePasswordFormValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const emptyChangePasswordForm: ChangePasswordFormValues = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

/**
 * The API's own rules and messages (required, at least 8 characters, confirmation matches). The
 * common-password dictionary and the e-mail/DNI checks stay on the server; their refusals come
 * back as field errors.
 */
export const changePasswordFormSchema = changePasswordBody;
