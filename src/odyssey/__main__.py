"""``python -m odyssey``: the same as the ``odyssey`` command."""

from odyssey.cli.main import main

main()
