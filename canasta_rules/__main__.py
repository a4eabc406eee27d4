"""``python -m canasta_rules``: the ``canasta`` command."""

from canasta_rules.cli import main

if __name__ == "__main__":
    main()
