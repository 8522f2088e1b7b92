import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { normalizeTermsText, TERMS_TEXT_MAX, termsTextProblem } from '../../../../../shared/terms.js';
import { TermsText } from '../../../components/terms-text.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useTerms } from '../../../lib/queries/use-terms.js';
import { useSetTerms } from '../api/use-set-terms.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

const cardStyle = { maxWidth: 640, marginBottom: 16 };

/**
 * Settings: the text of the terms and conditions students agree to on the Complete step. Plain text:
 * paragraphs are separated by a blank line. Saving makes a new version (audited); agreements already
 * given stay counted, and each student sees that the text has changed since she agreed.
 */
export function TermsSettings() {
  const terms = useTerms();
  const save = useSetTerms();
  const [draft, setDraft] = useState<string | null>(null);
  const heading = (
    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
      Terms and Conditions
    </Typography.Title>
  );
  if (terms.isLoading) return <Card title={heading} loading style={cardStyle} />;
  if (terms.isError || !terms.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="The terms and conditions could not be loaded."
        description={errorMessage(terms.error)}
        action={<Button onClick={() => void terms.refetch()}>Try again</Button>}
        style={cardStyle}
      />
    );
  }
  const text = draft ?? terms.data.text;
  const changed = normalizeTermsText(text) !== terms.data.text;
  const problem = changed ? termsTextProblem(text) : null;
  return (
    <Card title={heading} style={cardStyle}>
      <Typography.Paragraph role="status">
        Version {terms.data.version}, set {dayjs(terms.data.updated_at).format('YYYY-MM-DD HH:mm')}.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Students read this text on the Complete step before they tick 'I agree', and it is printed on the registration
        form. Saving a changed text makes a new version: agreements already given still count, and each student who
        agreed to an earlier version is told that the text has changed and can agree to the new one.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => save.mutate({ text }, { onSuccess: () => setDraft(null) })}>
        <Form.Item
          label="Text of the terms and conditions"
          htmlFor="terms-text"
          extra={
            `Plain text; leave a blank line between paragraphs. At most ` +
            `${TERMS_TEXT_MAX.toLocaleString('en-US')} characters.`
          }
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input.TextArea
            id="terms-text"
            value={text}
            onChange={(e) => setDraft(e.target.value)}
            autoSize={{ minRows: 8, maxRows: 20 }}
            maxLength={TERMS_TEXT_MAX}
          />
        </Form.Item>
        <Flex gap={8} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!changed || problem !== null}>
            Save Terms
          </Button>
          {changed && (
            <Button onClick={() => setDraft(null)} disabled={save.isPending}>
              Undo changes
            </Button>
          )}
          {save.isSuccess && !changed && (
            <Typography.Text role="status">
              <CheckCircleFilled aria-hidden style={{ color: CSS_COLOR.success }} /> Saved as version{' '}
              {save.data.version}.
            </Typography.Text>
          )}
        </Flex>
        {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} style={{ marginTop: 12 }} />}
      </Form>
      {changed && problem === null && (
        <details style={{ marginTop: 16 }}>
          <summary style={{ cursor: 'pointer' }}>Preview as students see it</summary>
          <div style={{ marginTop: 8 }}>
            <TermsText text={text} />
          </div>
        </details>
      )}
    </Card>
  );
}
