import { GUARDIAN_MESSAGES } from '../../../shared/guardians.js';
import { type FieldRule, required } from './use-plain-form.js';

// The address check antd's Form made (async-validator's `type: 'email'`), so the same addresses pass.
const EMAIL =
  // eslint-disable-next-line no-useless-escape
  /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

/** A parent's e-mail address box (her sign-in, her forgotten password): given, and an address. */
export const emailRule: FieldRule = (value) =>
  required(GUARDIAN_MESSAGES.emailRequired, { whitespace: true })(value) ??
  (EMAIL.test(value) ? null : GUARDIAN_MESSAGES.emailInvalid);
