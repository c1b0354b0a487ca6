import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './text-field';

/**
 * A password field with a show / hide button, so that a phone user can check what they typed. The
 * visibility may be held by the caller (`visible`, `onVisibleChange`): a generated password is shown at once.
 */
export function FormPasswordField<TValues extends FieldValues, TOutput extends FieldValues>({
  visible: shown,
  onVisibleChange,
  ...props
}: FormTextFieldProps<TValues, TOutput> & {
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}) {
  const [ownVisible, setOwnVisible] = useState(false);
  const visible = shown ?? ownVisible;
  const setVisible = (next: boolean) => (onVisibleChange ? onVisibleChange(next) : setOwnVisible(next));
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
                onClick={() => setVisible(!visible)}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
