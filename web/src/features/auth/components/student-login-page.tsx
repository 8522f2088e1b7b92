import { Alert, Button, Form, Input, type InputRef } from 'antd';
import { type KeyboardEvent, lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { StudentLoginResponse } from '../../../../../shared/api-types.js';
import { LAYOUT } from '../../../../../shared/constants.js';
import { GUARDIAN_MESSAGES } from '../../../../../shared/guardians.js';
import { passwordProblem } from '../../../../../shared/password-policy.js';
import { PasswordInput } from '../../../components/password-input.js';
import { ROUTES } from '../../../config/routes.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { CardSubtitle, CardTitle, PlainCard } from '../../../components/plain-card.js';
import { VisitorLayout } from '../../../layouts/visitor-layout.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useChangePassword } from '../../../lib/queries/use-change-password.js';
import { useLoginStudent } from '../api/use-login-student.js';
import { mustResetPassword, useAuth } from '../../../lib/auth-store.js';
import { landingAfterSignIn } from '../../../lib/return-path.js';
import {
  PASSWORD_MATCH_HINT_ID,
  PasswordMatchHint,
  usePasswordsDiffer,
} from '../../../components/password-match-hint.js';

// The dialog (and antd's Modal and AutoComplete) loads only when someone asks for it.
const StudentIdLookupDialog = lazy(() => import('./student-id-lookup-dialog.js'));

interface LoginValues {
  student_id: string;
  password: string;
  new_password?: string;
  confirm_password?: string;
}

/** Enter moves on to `next` instead of submitting the form (docs/product.md §2 Student login). */
function focusOnEnter(e: KeyboardEvent<HTMLInputElement>, next: RefObject<InputRef | null>) {
  e.preventDefault();
  next.current?.focus();
}

/** docs/product.md §2 Student login (/), with the forced password reset of §4 on the same card. */
export function StudentLoginPage() {
  const { settings, signIn } = useAuth();
  const location = useLocation();
  const landing = landingAfterSignIn(location.state, 'student');
  const [form] = Form.useForm<LoginValues>();
  const login = useLoginStudent();
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  /** The student who signed in with the reset flag: the card is in reset mode while set. */
  const [resetUser, setResetUser] = useState<StudentLoginResponse | null>(null);
  const [lookupOpen, setLookupOpen] = useState(false);
  const [lookupMounted, setLookupMounted] = useState(false);
  const passwordRef = useRef<InputRef>(null);
  const newPasswordRef = useRef<InputRef>(null);
  const confirmRef = useRef<InputRef>(null);
  const resetMode = resetUser !== null;
  const differ = usePasswordsDiffer(form, 'new_password', 'confirm_password') && resetMode;

  const signInStudent = (values: LoginValues) => {
    setError(null);
    login.mutate(
      { student_id: values.student_id.trim(), password: values.password },
      {
        onSuccess: (user) => {
          if (user.role === 'student' && mustResetPassword(user)) {
            // docs/product.md §4 step 3: not signed in yet; empty the password box and ask for a new password.
            setResetUser(user);
            form.setFieldsValue({ password: '', new_password: '', confirm_password: '' });
            requestAnimationFrame(() => passwordRef.current?.focus());
            return;
          }
          signIn(user, landing);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const resetPassword = (user: StudentLoginResponse, values: LoginValues) => {
    const next = values.new_password ?? '';
    // docs/product.md §4/§5: when New and Confirm differ, nothing happens (the button is disabled meanwhile, with a
    // hint).
    if (next !== (values.confirm_password ?? '')) return;
    const problem = passwordProblem(next, { studentId: user.student_id });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    changePassword.mutate(
      { student_id: user.student_id, password: next, old_password: values.password },
      {
        onSuccess: (updated) => signIn(updated, landing),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const onFinish = (values: LoginValues) => {
    if (resetUser) resetPassword(resetUser, values);
    else signInStudent(values);
  };

  const openLookup = () => {
    setLookupMounted(true);
    setLookupOpen(true);
  };

  const busy = login.isPending || changePassword.isPending;

  return (
    <VisitorLayout>
      <title>Student Login · Student Portal</title>
      <PlainCard width={LAYOUT.loginCardWidth}>
        <CardTitle>{settings.school_name}</CardTitle>
        <CardSubtitle>{resetMode ? 'Please choose a new password to continue.' : 'Student Login'}</CardSubtitle>

        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}

        <Form<LoginValues>
          form={form}
          name="student-login"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          initialValues={{ student_id: '', password: '' }}
        >
          <Form.Item
            label="Student ID"
            name="student_id"
            rules={[{ required: true, whitespace: true, message: 'Please enter your student ID.' }]}
          >
            <Input
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              disabled={resetMode}
              onPressEnter={(e) => focusOnEnter(e, passwordRef)}
            />
          </Form.Item>

          <Form.Item
            label="Password"
            name="password"
            extra={resetMode ? 'yyyymmdd' : undefined}
            rules={[
              {
                required: true,
                message: resetMode ? 'Please enter your date of birth.' : 'Please enter your password.',
              },
            ]}
          >
            <PasswordInput
              ref={passwordRef}
              placeholder={resetMode ? 'Enter date of birth' : 'Enter password'}
              autoComplete="current-password"
              onPressEnter={resetMode ? (e) => focusOnEnter(e, newPasswordRef) : undefined}
            />
          </Form.Item>

          {resetMode && (
            <>
              <Form.Item
                label="New Password"
                name="new_password"
                extra="At least 8 characters; not your date of birth or student ID."
              >
                <PasswordInput
                  ref={newPasswordRef}
                  autoComplete="new-password"
                  onPressEnter={(e) => focusOnEnter(e, confirmRef)}
                />
              </Form.Item>
              <Form.Item label="Confirm New Password" name="confirm_password">
                <PasswordInput ref={confirmRef} autoComplete="new-password" />
              </Form.Item>
              <PasswordMatchHint differ={differ} />
            </>
          )}

          <Form.Item style={{ marginBottom: resetMode ? 0 : 12 }}>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={busy}
              disabled={differ}
              aria-describedby={differ ? PASSWORD_MATCH_HINT_ID : undefined}
            >
              {resetMode ? 'Change Password' : 'LOGIN'}
            </Button>
          </Form.Item>
        </Form>

        {!resetMode && (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
            {/* 24 px tall at least: WCAG 2.2 target size */}
            <Link to={ROUTES.forgotPassword} style={{ lineHeight: '24px' }}>
              Forgot your password?
            </Link>
            {settings.student_id_lookup && (
              <Button
                type="link"
                onClick={openLookup}
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              >
                Click here to get your student ID
              </Button>
            )}
          </div>
        )}

        {!resetMode && (
          // docs/product.md §11: a parent's way in, on its own page (its code is not part of this one). The page she
          // was sent away from goes along, so that her sign-in brings her back to it.
          <div style={{ borderTop: '1px solid #e5e7eb', marginTop: 16, paddingTop: 16 }}>
            <Link to={ROUTES.guardianLogin} state={location.state} className="guardian-way-in">
              {GUARDIAN_MESSAGES.signInPrompt}
            </Link>
          </div>
        )}
      </PlainCard>

      {lookupMounted && (
        <Suspense fallback={<LoadingOverlay spinning label="Loading…" />}>
          <StudentIdLookupDialog
            open={lookupOpen}
            onClose={() => setLookupOpen(false)}
            onChoose={(id) => {
              form.setFieldValue('student_id', id);
              setLookupOpen(false);
              requestAnimationFrame(() => passwordRef.current?.focus());
            }}
          />
        </Suspense>
      )}

      <LoadingOverlay spinning={busy} label={resetMode ? 'Changing your password…' : 'Signing in…'} />
    </VisitorLayout>
  );
}
