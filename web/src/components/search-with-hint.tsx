import { Flex, Input, Typography } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';

/**
 * A search box with, beside it, what it searches (its description for a screen reader too): the office's Students
 * table and Outbox search students by one rule (shared/student-search.ts) and say so the same way.
 */
export function SearchWithHint({
  value,
  onChange,
  placeholder,
  label,
  hint,
  maxLength,
  style,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  hint: ReactNode;
  maxLength?: number;
  style?: CSSProperties;
}) {
  const hintId = useId();
  return (
    <Flex wrap align="center" gap={12} style={{ rowGap: 4, ...style }}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        aria-label={label}
        aria-describedby={hintId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        style={{ width: 320, maxWidth: '100%' }}
      />
      <Typography.Text id={hintId} type="secondary" style={{ fontSize: 13 }}>
        {hint}
      </Typography.Text>
    </Flex>
  );
}
