# Binding of the ninedomains part of the C core (included by _core.pyx).
