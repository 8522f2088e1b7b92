import { Select } from 'antd';
import { useFormClasses } from '../../../lib/queries/lookups/use-form-classes.js';

export const ALL_CLASSES = 'all';

/** 'All students' or one class, for the report screens. */
export function ClassPicker({
  value,
  onChange,
  allLabel = 'All students',
}: {
  value: string;
  onChange: (v: string) => void;
  allLabel?: string;
}) {
  const classes = useFormClasses();
  return (
    <Select
      aria-label="Class"
      value={value}
      onChange={onChange}
      loading={classes.isLoading}
      style={{ width: 180 }}
      options={[
        { value: ALL_CLASSES, label: allLabel },
        ...(classes.data ?? []).map((c) => ({ value: c.class_id, label: `Class ${c.class_id}` })),
      ]}
    />
  );
}
