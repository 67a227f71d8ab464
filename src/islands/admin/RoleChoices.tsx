import '~/islands/shared/admin/adminForm.css';
import { ROLE_LABELS } from '~/features/admin/users.schema';

type Role = keyof typeof ROLE_LABELS;

/** The roles as radio buttons, each with a line saying what it allows when `hints` are given. */
export function RoleChoices({
  name,
  value,
  onChange,
  invalid,
  hints,
}: {
  name: string;
  value: Role | '';
  onChange: (role: Role) => void;
  invalid: boolean;
  hints?: Record<Role, string>;
}) {
  return (
    <div className="role-choices">
      {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
        <label key={role} className="choice role-choice">
          <input
            type="radio"
            name={name}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={hints ? `${name}-${role}-hint` : undefined}
          />
          {hints ? (
            <span>
              <strong>{ROLE_LABELS[role]}</strong>
              <span id={`${name}-${role}-hint`} className="hint">
                {hints[role]}
              </span>
            </span>
          ) : (
            <strong>{ROLE_LABELS[role]}</strong>
          )}
        </label>
      ))}
    </div>
  );
}
