import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'value' | 'onValueChange' | 'error' | 'name'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** TextField bound to a react-hook-form field; shows the field's validation message. */
export function FormTextField<T extends FieldValues>({ control, name, ...props }: Props<T>) {
  const {
    field: { value, onChange, onBlur, ref: inputRef },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={name}
      ref={inputRef}
      value={(value as string | undefined) ?? ''}
      onValueChange={onChange}
      onBlur={onBlur}
      error={error?.message}
    />
  );
}
