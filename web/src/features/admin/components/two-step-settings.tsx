import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { MFA_MESSAGES, type MfaSetup } from '../../../../../shared/mfa.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import {
  type MfaProof,
  useAdminMfa,
  useConfirmMfa,
  useDisableMfa,
  useRenewRecoveryCodes,
  useStartMfaSetup,
} from '../api/use-admin-mfa.js';
import { PageTitle } from './page-title.js';

const cardStyle = { maxWidth: 640, marginBottom: 16 };
const heading = (text: string) => (
  <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
    {text}
  </Typography.Title>
);
const codeRules = [
  { required: true, whitespace: true, message: MFA_MESSAGES.codePrompt },
  { pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: MFA_MESSAGES.codePrompt },
];

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The ten recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = `Student Portal recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'student-portal-recovery-codes.txt';
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <Typography.Title level={3} id="recovery-codes-title" style={{ fontSize: 16 }}>
        Your recovery codes
      </Typography.Title>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="Save these codes now: they are shown only this once."
        description={
          'If you lose your phone, each code signs you in once instead of a code from the app. ' +
          'Keep them somewhere safe, away from your phone.'
        }
      />
      <ol
        aria-label="Recovery codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
          gap: '4px 16px',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 16,
          paddingInlineStart: 28,
          margin: '0 0 12px',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Flex gap={8} wrap align="center">
        <Button onClick={() => void copy()}>Copy codes</Button>
        <Button onClick={download}>Download codes</Button>
        <Button type="primary" onClick={onDone}>
          I have saved them
        </Button>
        <span role="status">
          {copied === true && <Typography.Text type="success">Copied.</Typography.Text>}
          {copied === false && (
            <Typography.Text type="danger">Copying is not allowed here: download them instead.</Typography.Text>
          )}
        </span>
      </Flex>
    </section>
  );
}

/**
 * Setting up two-step sign-in: the server makes a secret and draws its QR code; she scans it (or types the
 * key), proves it with a first code, and then sees her recovery codes once. With ADMIN_MFA=required
 * (`askEnrolmentCode`) the set-up starts only with her enrolment code, which whoever runs the server gives her.
 */
export function MfaEnrolment({ onFinished, askEnrolmentCode }: { onFinished: () => void; askEnrolmentCode?: boolean }) {
  const start = useStartMfaSetup();
  const confirm = useConfirmMfa();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  const begin = (enrolmentCode?: string) => start.mutate(enrolmentCode, { onSuccess: setSetup });

  if (codes) return <RecoveryCodes codes={codes} onDone={onFinished} />;

  if (!setup)
    return (
      <>
        <Typography.Paragraph>
          Two-step sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator,
          Microsoft Authenticator or 2FAS) after your password, so that a stolen password alone cannot open the
          school&apos;s records.
        </Typography.Paragraph>
        {askEnrolmentCode ? (
          <Form<{ enrolment_code: string }>
            name="start-two-step"
            layout="vertical"
            requiredMark={false}
            onFinish={({ enrolment_code }) => begin(enrolment_code.trim())}
          >
            <Form.Item
              name="enrolment_code"
              label="Enrolment code"
              extra="The person who runs the portal for the school gives you this code once, in person."
              rules={[{ required: true, whitespace: true, message: MFA_MESSAGES.enrolmentCodePrompt }]}
            >
              <Input autoComplete="off" maxLength={40} placeholder="abcde-23456" style={{ maxWidth: 240 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              Set up two-step sign-in
            </Button>
          </Form>
        ) : (
          <Button type="primary" loading={start.isPending} onClick={() => begin()}>
            Set up two-step sign-in
          </Button>
        )}
        {start.isError && (
          <Alert type="error" showIcon title={errorMessage(start.error)} role="alert" style={{ marginTop: 12 }} />
        )}
      </>
    );

  return (
    <>
      <Typography.Paragraph>
        <strong>1.</strong> In your authenticator app, add an account and scan this code.
      </Typography.Paragraph>
      <img
        src={setup.qr_data_url}
        alt={`QR code to add ${setup.account} (${setup.issuer}) to an authenticator app`}
        width={200}
        height={200}
        style={{ display: 'block', marginBottom: 12, maxWidth: '100%', height: 'auto' }}
      />
      <Typography.Paragraph>
        Cannot scan it? Choose to enter a setup key, and type this key (time-based):
        <br />
        <Typography.Text
          code
          copyable={{ text: setup.secret }}
          style={{ fontSize: 15, whiteSpace: 'normal', wordBreak: 'normal' }}
        >
          {grouped(setup.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form<{ code: string }>
        name="confirm-two-step"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) =>
          confirm.mutate(code.trim(), {
            onSuccess: (r) => setCodes(r.recovery_codes),
            onError: () => form.setFieldValue('code', ''),
          })
        }
      >
        <Form.Item
          name="code"
          label={
            <span>
              <strong>2.</strong> Enter the 6-digit code the app shows
            </span>
          }
          rules={codeRules}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            style={{ maxWidth: 200 }}
            size="large"
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            Turn on two-step sign-in
          </Button>
          <Button onClick={() => setSetup(null)}>Cancel</Button>
        </Flex>
        {confirm.isError && (
          <Alert type="error" showIcon title={errorMessage(confirm.error)} role="alert" style={{ marginTop: 12 }} />
        )}
      </Form>
    </>
  );
}

/** A current code from the app (or a recovery code), or her password instead. */
function ProofForm({
  action,
  danger,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  action: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (proof: MfaProof) => void;
  onCancel: () => void;
}) {
  const [byPassword, setByPassword] = useState(false);
  return (
    <Form<{ code?: string; password?: string }>
      name="two-step-proof"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => onSubmit(byPassword ? { password: v.password } : { code: v.code?.trim() })}
      style={{ marginTop: 12 }}
    >
      {byPassword ? (
        <Form.Item
          name="password"
          label="Your password"
          rules={[{ required: true, message: 'Please enter your password.' }]}
        >
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      ) : (
        <Form.Item
          name="code"
          label="A current code from your authenticator app"
          rules={[{ required: true, whitespace: true, message: MFA_MESSAGES.codePrompt }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={20} style={{ maxWidth: 200 }} autoFocus />
        </Form.Item>
      )}
      <Flex gap={8} wrap align="center">
        <Button type="primary" danger={danger} htmlType="submit" loading={pending}>
          {action}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="link" onClick={() => setByPassword((p) => !p)} style={{ paddingInline: 0 }}>
          {byPassword ? 'Use a code instead' : 'Use my password instead'}
        </Button>
      </Flex>
      {Boolean(error) && (
        <Alert type="error" showIcon title={errorMessage(error)} role="alert" style={{ marginTop: 12 }} />
      )}
    </Form>
  );
}

/** Settings → Two-step sign-in: set it up, renew the recovery codes, or turn it off. */
export function TwoStepSettings() {
  const { user, updateUser } = useAuth();
  const status = useAdminMfa();
  const disable = useDisableMfa();
  const renew = useRenewRecoveryCodes();
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  const [fresh, setFresh] = useState<string[] | null>(null);
  if (status.isLoading) return <Card title={heading('Two-step sign-in')} loading style={cardStyle} />;
  if (status.isError || !status.data)
    return <Alert type="error" showIcon title={errorMessage(status.error)} style={cardStyle} />;
  const { enabled, required, recovery_codes_left: left } = status.data;
  return (
    <Card title={heading('Two-step sign-in')} style={cardStyle}>
      {fresh ? (
        <RecoveryCodes codes={fresh} onDone={() => setFresh(null)} />
      ) : !enabled ? (
        <MfaEnrolment onFinished={() => void status.refetch()} askEnrolmentCode={required} />
      ) : (
        <>
          <Typography.Paragraph role="status">
            <strong>On.</strong> Signing in asks for a code from your authenticator app after your password.{' '}
            {left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left.
            {required && ' The school requires it for every administrator.'}
          </Typography.Paragraph>
          {left <= 3 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title="Few recovery codes are left: make new ones."
            />
          )}
          {asking === null && (
            <Flex gap={8} wrap>
              <Button onClick={() => setAsking('renew')}>New recovery codes</Button>
              <Button danger onClick={() => setAsking('disable')}>
                Turn off two-step sign-in
              </Button>
            </Flex>
          )}
          {asking === 'renew' && (
            <ProofForm
              action="Make new recovery codes"
              pending={renew.isPending}
              error={renew.error}
              onCancel={() => setAsking(null)}
              onSubmit={(proof) =>
                renew.mutate(proof, {
                  onSuccess: (r) => {
                    setAsking(null);
                    setFresh(r.recovery_codes);
                  },
                })
              }
            />
          )}
          {asking === 'disable' && (
            <ProofForm
              action="Turn off"
              danger
              pending={disable.isPending}
              error={disable.error}
              onCancel={() => setAsking(null)}
              onSubmit={(proof) =>
                disable.mutate(proof, {
                  onSuccess: (next) => {
                    setAsking(null);
                    // ADMIN_MFA=required: off means setting it up again (on another phone) before anything else.
                    if (next.required && user?.role === 'admin') updateUser({ ...user, mfa_enrolment_required: true });
                  },
                })
              }
            />
          )}
        </>
      )}
    </Card>
  );
}

/**
 * ADMIN_MFA=required and she has not set it up: the only screen of the admin area until she has
 * (the server refuses the others meanwhile).
 */
export function MfaEnrolmentRequiredPage() {
  const { user, updateUser } = useAuth();
  return (
    <>
      <PageTitle>Set up two-step sign-in</PageTitle>
      <Alert
        type="info"
        showIcon
        style={{ ...cardStyle, marginBottom: 16 }}
        title="Your school requires two-step sign-in for administrators. Set it up to continue."
      />
      <Card style={cardStyle}>
        <MfaEnrolment
          askEnrolmentCode
          onFinished={() => {
            if (user?.role !== 'admin') return;
            const { mfa_enrolment_required: _done, ...rest } = user;
            updateUser(rest);
          }}
        />
      </Card>
    </>
  );
}
