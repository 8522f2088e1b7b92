import { Alert, Button, Card, Flex, Form, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { RETENTION_MESSAGES } from '../../../../../shared/retention.js';
import { RETENTION_YEARS } from '../../../../../shared/school-year.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { ADMIN_ROUTES } from '../admin-routes.js';
import { useRetentionPolicy, useSetRetentionPolicy } from '../api/use-retention.js';

const cardStyle = { maxWidth: 640, marginBottom: 16 };

interface RetentionValues {
  years_after_leaving: number | null;
}

/**
 * Settings: how many whole years after she leaves a former student's personal data is kept (docs/product.md §12.4),
 * and the way to the screen that lists those due and deletes it.
 */
export function RetentionSettings() {
  const policy = useRetentionPolicy();
  const save = useSetRetentionPolicy();
  const [form] = Form.useForm<RetentionValues>();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = policy.data?.years_after_leaving;

  useEffect(() => {
    if (loaded !== undefined) form.setFieldValue('years_after_leaving', loaded);
  }, [loaded, form]);

  const onFinish = ({ years_after_leaving }: RetentionValues) => {
    setSaved(false);
    setError(null);
    save.mutate(
      { years_after_leaving: years_after_leaving ?? -1 },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => {
          const messages = e instanceof ApiError ? e.body?.errors?.years_after_leaving : undefined;
          if (messages?.length) form.setFields([{ name: 'years_after_leaving', errors: messages }]);
          else setError(errorMessage(e));
        },
      },
    );
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Data retention
        </Typography.Title>
      }
      style={cardStyle}
      loading={policy.isLoading}
    >
      <Typography.Paragraph>
        A former student&rsquo;s personal data is kept this many whole years after the day she left; then it is due for
        deletion. Her register (ID, names, date of birth, classes, when and why she left) and her report cards are
        always kept. Set what your local law requires.
      </Typography.Paragraph>
      {policy.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(policy.error)}
          action={
            <Button size="small" onClick={() => void policy.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <Form<RetentionValues>
          name="retention-policy"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => setSaved(false)}
        >
          <Form.Item
            name="years_after_leaving"
            label="Years after leaving"
            rules={[
              {
                required: true,
                type: 'integer',
                min: RETENTION_YEARS.min,
                max: RETENTION_YEARS.max,
                message: RETENTION_MESSAGES.years,
              },
            ]}
          >
            <InputNumber min={RETENTION_YEARS.min} max={RETENTION_YEARS.max} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Flex gap={12} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save years
            </Button>
            <Link to={ADMIN_ROUTES.retention}>Former students due for deletion</Link>
          </Flex>
          <div role="status" aria-live="polite" style={{ marginTop: saved || error ? 12 : 0 }}>
            {saved && <Alert type="success" showIcon title="Saved." />}
            {error && <Alert type="error" showIcon title={error} />}
          </div>
        </Form>
      )}
    </Card>
  );
}
