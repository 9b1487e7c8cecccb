// satpuz serve: the Inquest page
