import { Alert, Typography } from 'antd';

/** The advice to take a backup first (docs/operations.md, Backup and restore), in words for the school office. */
export function BackupAdvice({ compact = false }: { compact?: boolean }) {
  const text = (
    <>
      Before you start, make sure a backup of the portal has been made today. The person who looks after the portal
      makes one with <Typography.Text code>npm run backup</Typography.Text> (see &lsquo;Backup and restore&rsquo; in
      docs/operations.md). If anything goes wrong, the backup puts the whole school back as it was.
    </>
  );
  if (compact) return <Typography.Paragraph>{text}</Typography.Paragraph>;
  return <Alert type="warning" showIcon title="Make a backup first" description={text} style={{ marginBottom: 16 }} />;
}
