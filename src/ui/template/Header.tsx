export interface HeaderProps {
  brand: string;
  label: string;
  help?: { label: string; onClick(): void };
  exit?: { label: string; onClick(): void };
}

/** The template's header (PROD-08): the brand, the help button and the exit button. */
export function Header({ brand, label, help, exit }: HeaderProps) {
  return (
    <header className="mu-header" aria-label={label}>
      <div className="mu-header__inner">
        <span className="mu-header__brand">{brand}</span>
        {(help || exit) && (
          <div className="mu-header__actions">
            {help && (
              <button type="button" className="mu-header__button" data-action="help" aria-haspopup="dialog" onClick={help.onClick}>
                {help.label}
              </button>
            )}
            {exit && (
              <button type="button" className="mu-header__button" data-action="exit" aria-haspopup="dialog" onClick={exit.onClick}>
                {exit.label}
              </button>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
